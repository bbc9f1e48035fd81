import { type StudioScope } from "../scope";
import { and, eq } from "drizzle-orm";
import type { TaskRecord, TaskUpdate } from "@studio/contracts";
import { tasks, type Db } from "@studio/db";
import { isResolvedStatus, toDate, toTaskRecord, type TaskRow } from "./task-record";
import { assertTaskAssignees, assertTaskTrainee, loadTaskRow } from "./task-scope";

/**
 * `PATCH /v1/web/tasks/:id` (and the automation lane's): sent fields change. Entering DONE or
 * DISMISSED stamps resolvedAt; reopening (OPEN or SNOOZED) clears it; leaving SNOOZED clears
 * snoozedUntil unless a new one is sent.
 */
export async function updateTask(db: Db, scope: StudioScope, input: TaskUpdate): Promise<TaskRecord> {
  return db.transaction(async (tx) => {
    const current = await loadTaskRow(tx, scope, input.id, { forUpdate: true });
    const patch: Partial<TaskRow> = {};
    for (const key of ["title", "description", "priority", "traineeId"] as const) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
    }
    if (input.dueDate !== undefined) patch.dueDate = toDate(input.dueDate);
    if (input.snoozedUntil !== undefined) patch.snoozedUntil = toDate(input.snoozedUntil);
    if (input.traineeId) await assertTaskTrainee(tx, scope, input.traineeId);
    if (input.coachIds !== undefined) {
      patch.coachIds = [...new Set(input.coachIds)];
      const added = patch.coachIds.filter((id) => !current.coachIds.includes(id));
      await assertTaskAssignees(tx, scope, added);
    }
    if (input.status !== undefined && input.status !== current.status) {
      patch.status = input.status;
      const wasResolved = isResolvedStatus(current.status);
      const resolved = isResolvedStatus(input.status);
      if (resolved && !wasResolved) patch.resolvedAt = scope.now;
      if (!resolved) patch.resolvedAt = null;
      if (input.status !== "SNOOZED" && input.snoozedUntil === undefined) patch.snoozedUntil = null;
    }
    const [updated] = await tx
      .update(tasks)
      .set({ ...patch, updatedAt: scope.now })
      .where(and(eq(tasks.id, current.id), eq(tasks.studioId, scope.studioId)))
      .returning();
    return toTaskRecord(updated!);
  });
}
