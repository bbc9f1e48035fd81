import { and, eq } from "drizzle-orm";
import type { WorkoutLogRecord, WorkoutLogUpdateInput } from "@studio/contracts";
import { workoutLogs, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { loadTraineeToday } from "../trainee/trainee-today";
import { exerciseBestsOf } from "../tracking/personal-records";
import { assertOwnProgram, assertPastOrToday, assertWorkoutTimes } from "./logging-rules";
import { storedEntries, toWorkoutLog } from "./workout-log-record";

/**
 * `PATCH /v1/trainee/workout-logs/:id`: the fields sent replace the stored ones (entries whole;
 * null clears a nullable field), under the rules of the create, checked on the log as it will
 * be. Another trainee's log, of any studio, answers NOT_FOUND workout log not found.
 */
export async function updateWorkoutLog(
  db: Db,
  scope: TraineeScope,
  input: WorkoutLogUpdateInput,
): Promise<WorkoutLogRecord> {
  const { today } = await loadTraineeToday(db, scope);
  return db.transaction(async (tx) => {
    const own = and(
      eq(workoutLogs.id, input.id),
      eq(workoutLogs.studioId, scope.studioId),
      eq(workoutLogs.clientId, scope.actor.clientId),
    );
    const [stored] = await tx.select().from(workoutLogs).where(own).for("update");
    if (!stored) throw notFound("workout log");

    if (input.performedOn !== undefined) assertPastOrToday("performedOn", input.performedOn, today);
    const startedAt =
      input.startedAt === undefined ? stored.startedAt : input.startedAt ? new Date(input.startedAt) : null;
    const finishedAt =
      input.finishedAt === undefined
        ? stored.finishedAt
        : input.finishedAt
          ? new Date(input.finishedAt)
          : null;
    if (input.startedAt !== undefined || input.finishedAt !== undefined)
      assertWorkoutTimes(startedAt, finishedAt, scope.now);
    if (input.programId) await assertOwnProgram(tx, scope, input.programId);
    const entries = input.entries !== undefined ? storedEntries(input.entries) : stored.entries;

    const [row] = await tx
      .update(workoutLogs)
      .set({
        ...(input.programId !== undefined && { programId: input.programId }),
        ...(input.dayId !== undefined && { dayId: input.dayId }),
        ...(input.label !== undefined && { label: input.label || null }),
        ...(input.performedOn !== undefined && { performedOn: input.performedOn }),
        startedAt,
        finishedAt,
        ...(input.completed !== undefined && { completed: input.completed }),
        ...(input.entries !== undefined && { entries }),
        // Always rewritten with the entries the log keeps (a row migration 0021 left NULL heals).
        exerciseBests: exerciseBestsOf(entries),
        updatedAt: scope.now,
      })
      .where(own)
      .returning();
    return toWorkoutLog(row!);
  });
}
