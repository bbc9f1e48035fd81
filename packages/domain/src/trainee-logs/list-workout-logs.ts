import { and, desc, eq, gte, lte } from "drizzle-orm";
import { LOGGING_LIMITS, type WorkoutLogList, type WorkoutLogListQuery } from "@studio/contracts";
import { workoutLogs, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadTraineeToday } from "../trainee/trainee-today";
import { addDays, daysBetween } from "../time/zoned-time";
import { fieldError } from "./logging-rules";
import { toWorkoutLog } from "./workout-log-record";

/**
 * `GET /v1/trainee/workout-logs?from&to`: the trainee's logs with performedOn in [from, to]
 * (completed and unfinished ones), newest first. to defaults to today in the trainee's zone,
 * from to 29 days before to; from after to, or a span over 366 days, is VALIDATION.
 */
export async function listWorkoutLogs(
  db: Db,
  scope: TraineeScope,
  input: WorkoutLogListQuery,
): Promise<WorkoutLogList> {
  const { today } = await loadTraineeToday(db, scope);
  const to = input.to ?? (input.from && input.from > today ? input.from : today);
  const from = input.from ?? addDays(to, -(LOGGING_LIMITS.listDefaultDays - 1));
  if (from > to) throw fieldError("from", "must not be after to");
  if (daysBetween(from, to) + 1 > LOGGING_LIMITS.listSpanDays)
    throw fieldError("to", `the range must not exceed ${LOGGING_LIMITS.listSpanDays} days`);
  const rows = await db
    .select()
    .from(workoutLogs)
    .where(
      and(
        eq(workoutLogs.studioId, scope.studioId),
        eq(workoutLogs.clientId, scope.actor.clientId),
        gte(workoutLogs.performedOn, from),
        lte(workoutLogs.performedOn, to),
      ),
    )
    .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.createdAt), desc(workoutLogs.id));
  return { from, to, items: rows.map(toWorkoutLog) };
}
