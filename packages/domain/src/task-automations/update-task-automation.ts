import { and, eq } from "drizzle-orm";
import type { TaskAutomationRecord, TaskAutomationUpdate } from "@studio/contracts";
import { taskAutomations, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { checkedAssignees, loadTaskAutomationRow, toTaskAutomation } from "./task-automation-record";

/**
 * `PATCH /v1/web/task-automations/:id`: fields sent change (coachIds replaces the list); the
 * assignee rule is checked on the values the rule will hold. Tasks already created stay as
 * they are; a trigger or offset change applies to subjects not yet handled by this rule.
 */
export async function updateTaskAutomation(
  db: Db,
  scope: StudioScope,
  input: TaskAutomationUpdate,
): Promise<TaskAutomationRecord> {
  return db.transaction(async (tx) => {
    const current = await loadTaskAutomationRow(tx, scope, input.id, { forUpdate: true });
    const assigneeRule = input.assigneeRule ?? current.assigneeRule;
    const coachIds =
      input.coachIds !== undefined || input.assigneeRule !== undefined
        ? await checkedAssignees(tx, scope, assigneeRule, input.coachIds ?? current.assigneeCoachIds)
        : current.assigneeCoachIds;
    const [row] = await tx
      .update(taskAutomations)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.trigger !== undefined && { trigger: input.trigger }),
        ...(input.offsetDays !== undefined && { offsetDays: input.offsetDays }),
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.priority !== undefined && { priority: input.priority }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        assigneeRule,
        assigneeCoachIds: coachIds,
        updatedAt: scope.now,
      })
      .where(and(eq(taskAutomations.id, current.id), eq(taskAutomations.studioId, scope.studioId)))
      .returning();
    return toTaskAutomation(row!);
  });
}
