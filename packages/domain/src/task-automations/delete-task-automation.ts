import { and, eq } from "drizzle-orm";
import { taskAutomations, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

/**
 * `DELETE /v1/web/task-automations/:id`: the rule and its run records go (task_automation_runs
 * cascade); the tasks it created stay on the board.
 */
export async function deleteTaskAutomation(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .delete(taskAutomations)
    .where(and(eq(taskAutomations.id, input.id), eq(taskAutomations.studioId, scope.studioId)))
    .returning({ id: taskAutomations.id });
  if (!row) throw notFound("task automation");
  return { id: row.id, deleted: true };
}
