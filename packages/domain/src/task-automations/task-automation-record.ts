import { and, eq } from "drizzle-orm";
import type { TaskAutomationRecord } from "@studio/contracts";
import { taskAutomations, type DbOrTx } from "@studio/db";
import { notFound, validation } from "../errors";
import type { StudioScope } from "../scope";
import { assertTaskAssignees } from "../tasks/task-scope";

export type TaskAutomationRow = typeof taskAutomations.$inferSelect;

export function toTaskAutomation(row: TaskAutomationRow): TaskAutomationRecord {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger as TaskAutomationRecord["trigger"],
    offsetDays: row.offsetDays,
    title: row.title || row.name,
    description: row.description,
    priority: row.priority,
    assigneeRule: row.assigneeRule as TaskAutomationRecord["assigneeRule"],
    coachIds: row.assigneeCoachIds,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The studio's rule; another studio's id answers like a missing one (404 task automation not found). */
export async function loadTaskAutomationRow(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TaskAutomationRow> {
  const query = db
    .select()
    .from(taskAutomations)
    .where(and(eq(taskAutomations.id, id), eq(taskAutomations.studioId, scope.studioId)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for("update") : query);
  if (!row) throw notFound("task automation");
  return row;
}

/**
 * The assignee rule as it will be stored: coachIds de-duplicated, every id an active coach of
 * the studio (VALIDATION unknown team member selected), and COACHES needs at least one
 * (VALIDATION coachIds: select at least one team member for the COACHES rule).
 */
export async function checkedAssignees(
  db: DbOrTx,
  scope: StudioScope,
  rule: string,
  coachIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(coachIds)];
  if (rule === "COACHES" && ids.length === 0)
    throw validation("coachIds: select at least one team member for the COACHES rule", {
      issues: [{ path: "coachIds", message: "select at least one team member", code: "custom" }],
    });
  await assertTaskAssignees(db, scope, ids);
  return ids;
}
