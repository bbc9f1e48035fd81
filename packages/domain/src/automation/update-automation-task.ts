import type { AutomationTaskUpdate, TaskRecord } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { updateTask } from "../tasks/update-task";

/** `PATCH /v1/automation/tasks/{id}`: status, snoozedUntil, priority; another studio's task is 400 task not found. */
export async function updateAutomationTask(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationTaskUpdate,
): Promise<{ task: TaskRecord }> {
  return {
    task: await updateTask(db, scope, {
      id: input.id,
      status: input.status,
      snoozedUntil: input.snoozedUntil,
      priority: input.priority,
    }),
  };
}
