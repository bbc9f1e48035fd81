import type { WorkoutLogCreateInput, WorkoutLogRecord } from "@studio/contracts";
import { workoutLogs, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadTraineeToday } from "../trainee/trainee-today";
import { exerciseBestsOf } from "../tracking/personal-records";
import { assertOwnProgram, assertPastOrToday, assertWorkoutTimes } from "./logging-rules";
import { storedEntries, toWorkoutLog } from "./workout-log-record";

/**
 * `POST /v1/trainee/workout-logs`: a workout the trainee did (or is doing: completed false).
 * performedOn defaults to today in the trainee's zone and may not be later; startedAt and
 * finishedAt are not in the future and at most 24 hours apart; programId, when sent, is one of
 * the trainee's own programs (NOT_FOUND program not found otherwise).
 */
export async function logWorkout(
  db: Db,
  scope: TraineeScope,
  input: WorkoutLogCreateInput,
): Promise<WorkoutLogRecord> {
  const { today } = await loadTraineeToday(db, scope);
  const performedOn = input.performedOn ?? today;
  assertPastOrToday("performedOn", performedOn, today);
  const startedAt = input.startedAt ? new Date(input.startedAt) : null;
  const finishedAt = input.finishedAt ? new Date(input.finishedAt) : null;
  assertWorkoutTimes(startedAt, finishedAt, scope.now);
  if (input.programId) await assertOwnProgram(db, scope, input.programId);
  const entries = storedEntries(input.entries ?? []);
  const [row] = await db
    .insert(workoutLogs)
    .values({
      studioId: scope.studioId,
      clientId: scope.actor.clientId,
      programId: input.programId ?? null,
      dayId: input.dayId ?? null,
      label: input.label || null,
      performedOn,
      startedAt,
      finishedAt,
      completed: input.completed ?? false,
      entries,
      // The coach views' record baseline reads these instead of the entries (issue 30 item 2).
      exerciseBests: exerciseBestsOf(entries),
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toWorkoutLog(row!);
}
