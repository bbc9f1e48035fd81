import { and, eq } from "drizzle-orm";
import type { TaskRecord, TaskUpdate } from "@studio/contracts";
import { tasks, type Db } from "@studio/db";
import type { TraineeActor } from "../clients/client-scope";
import { isResolvedStatus, toDate, toTaskRecord, type TaskRow } from "./task-record";
import { assertTaskAssignees, assertTaskTrainee, loadTaskRow } from "./task-scope";

/**
 * `PATCH /v1/web/tasks/:id` (and the automation lane's): sent fields change. Entering DONE or
 * DISMISSED stamps resolvedAt; reopening (OPEN or SNOOZED) clears it; leaving SNOOZED clears
 * snoozedUntil unless a new one is sent.
 */
export async function updateTask(
  db: Db,
  actor: TraineeActor,
  input: TaskUpdate,
  now = new Date(),
): Promise<TaskRecord> {
  return db.transaction(async (tx) => {
    const current = await loadTaskRow(tx, actor, input.id, { forUpdate: true });
    const patch: Partial<TaskRow> = {};
    for (const key of ["title", "description", "priority", "traineeId"] as const) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
    }
    if (input.dueDate !== undefined) patch.dueDate = toDate(input.dueDate);
    if (input.snoozedUntil !== undefined) patch.snoozedUntil = toDate(input.snoozedUntil);
    if (input.traineeId) await assertTaskTrainee(tx, actor, input.traineeId);
    if (input.coachIds !== undefined) {
      patch.coachIds = [...new Set(input.coachIds)];
      const added = patch.coachIds.filter((id) => !current.coachIds.includes(id));
      await assertTaskAssignees(tx, actor.studioId, added);
    }
    if (input.status !== undefined && input.status !== current.status) {
      patch.status = input.status;
      const wasResolved = isResolvedStatus(current.status);
      const resolved = isResolvedStatus(input.status);
      if (resolved && !wasResolved) patch.resolvedAt = now;
      if (!resolved) patch.resolvedAt = null;
      if (input.status !== "SNOOZED" && input.snoozedUntil === undefined) patch.snoozedUntil = null;
    }
    const [updated] = await tx
      .update(tasks)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(tasks.id, current.id), eq(tasks.studioId, actor.studioId)))
      .returning();
    return toTaskRecord(updated!);
  });
}
