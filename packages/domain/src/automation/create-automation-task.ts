import type { AutomationTaskCreate, TaskRecord } from "@studio/contracts";
import type { Db } from "@studio/db";
import { recordAuditEntry } from "../audit/record-audit-entry";
import type { ApiKeyScope } from "../scope";
import { createTask } from "../tasks/create-task";

/**
 * `POST /v1/automation/tasks`: the coach app's createTask (type MANUAL, source automation;
 * coachId becomes the one assignee) with the audit entry automation.task.create in the same
 * transaction. Unknown trainee: 400 client not found; unknown coach: 400 unknown team member selected.
 */
export async function createAutomationTask(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationTaskCreate,
): Promise<{ task: TaskRecord }> {
  return db.transaction(async (tx) => {
    const task = await createTask(tx, scope, {
      title: input.title,
      description: input.description,
      traineeId: input.traineeId,
      coachIds: input.coachId ? [input.coachId] : undefined,
      dueDate: input.dueDate,
      priority: input.priority,
      type: "MANUAL",
      source: "automation",
    });
    await recordAuditEntry(tx, scope, {
      action: "automation.task.create",
      entityType: "task",
      entityId: task.id,
      data: {
        title: task.title,
        traineeId: task.traineeId,
        coachIds: task.coachIds,
        priority: task.priority,
      },
    });
    return { task };
  });
}
