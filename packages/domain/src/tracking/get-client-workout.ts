import { and, eq, sql } from "drizzle-orm";
import { WORKOUT_VIEW_LIMITS, type WorkoutDetail, type WorkoutDetailQuery } from "@studio/contracts";
import { workoutLogs, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { round2 } from "./tracking-history";
import { exerciseKey, findPersonalRecords, type BestSet } from "./personal-records";
import { loadTrackedTrainee } from "./tracked-trainee";
import { logOrderDesc, selectBaselineBests, selectTraineeLogs, workoutLogColumns } from "./workout-log-rows";
import { readSession, topSetOf, type ReadSession } from "./workout-session";

const L = WORKOUT_VIEW_LIMITS;

/** Logs ordered before (or, with `orEqual`, up to) the log `logId` by day, creation, id. */
const upTo = (logId: string, orEqual: boolean) =>
  sql`(${workoutLogs.performedOn}, ${workoutLogs.createdAt}, ${workoutLogs.id}) ${sql.raw(orEqual ? "<=" : "<")} (select w.performed_on, w.created_at, w.id from workout_logs w where w.id = ${logId})`;

const point = (s: ReadSession) => ({
  workoutLogId: s.row.id,
  date: s.row.performedOn,
  label: s.row.label,
  status: s.status,
  volume: s.volume,
  durationSec: s.durationSec,
});

/** Weight difference when both are weighted, else reps difference (document 2 "Workout detail"). */
export function bestDeltas(best: BestSet | null, previous: BestSet | null) {
  if (!best || !previous) return { deltaKg: null, deltaReps: null };
  if (best.weight !== null && previous.weight !== null)
    return { deltaKg: round2(best.weight - previous.weight), deltaReps: null };
  return { deltaKg: null, deltaReps: best.reps - previous.reps };
}

/**
 * `GET /v1/web/clients/:id/tracking/workouts/:logId` (document 2 "Workout detail"): one session
 * with, per exercise holding a done set, its done sets, top set, whether it set a personal record
 * (against the stored bests of up to 500 earlier logs of any type), the previous best of the same session
 * type and the deltas; the volume history (this and up to seven earlier same-type sessions, oldest
 * first) and up to five earlier same-type sessions. Same type: the same program and the same
 * dayId, or for a log without one (old logs) the same label. Up to 40 logs are scanned newest
 * first up to this log. NOT_FOUND "workout not found" for another trainee's or studio's log.
 */
export async function getClientWorkout(
  db: Db,
  scope: StudioScope,
  input: WorkoutDetailQuery,
): Promise<WorkoutDetail> {
  const [trainee, [log]] = await Promise.all([
    loadTrackedTrainee(db, scope, input.id),
    db
      .select({ ...workoutLogColumns, createdAt: workoutLogs.createdAt })
      .from(workoutLogs)
      .where(
        and(
          eq(workoutLogs.id, input.logId),
          eq(workoutLogs.clientId, input.id),
          eq(workoutLogs.studioId, scope.studioId),
        ),
      )
      .limit(1),
  ]);
  if (!log) throw notFound("workout");

  const sameProgram = sql`${workoutLogs.programId} is not distinct from ${log.programId}`;
  const sameDay = log.dayId
    ? eq(workoutLogs.dayId, log.dayId)
    : sql`${workoutLogs.dayId} is null and ${workoutLogs.label} is not distinct from ${log.label}`;
  const [scanned, earlier] = await Promise.all([
    selectTraineeLogs(
      db,
      scope,
      trainee.clientId,
      and(sameProgram, sameDay, upTo(log.id, true)),
      logOrderDesc,
      L.detailScan,
    ),
    selectBaselineBests(db, scope, trainee.clientId, upTo(log.id, false), L.baselineLogs),
  ]);

  const session = readSession(log);
  const earlierSameType = scanned
    .filter((row) => row.id !== log.id)
    .map(readSession)
    .filter((s) => s.status !== null);

  // Records of this log against the baseline of the earlier logs' stored bests (oldest first).
  const recordKeys = new Set(
    findPersonalRecords([log], [...earlier].reverse()).map((r) => exerciseKey(r.exerciseId, r.name)),
  );

  const exercises = session.exercises.map((exercise) => {
    const best = topSetOf(exercise.sets);
    let previousBest: BestSet | null = null;
    for (const s of earlierSameType) {
      const same = s.exercises.find((e) => e.key === exercise.key);
      const top = same ? topSetOf(same.sets) : null;
      if (top) {
        previousBest = top;
        break;
      }
    }
    return {
      exerciseId: exercise.exerciseId,
      name: exercise.name,
      sets: exercise.sets,
      best,
      isPersonalRecord: recordKeys.has(exercise.key),
      previousBest,
      ...bestDeltas(best, previousBest),
    };
  });

  return {
    id: log.id,
    date: log.performedOn,
    label: log.label,
    dayId: log.dayId,
    programId: log.programId,
    completed: log.completed,
    status: session.status,
    startedAt: log.startedAt?.toISOString() ?? null,
    finishedAt: log.finishedAt?.toISOString() ?? null,
    durationSec: session.durationSec,
    volume: session.volume,
    exercises,
    volumeHistory: [session, ...earlierSameType.slice(0, L.volumeHistoryEarlier)].reverse().map(point),
    previousSessions: earlierSameType.slice(0, L.previousSessions).map(point),
  };
}
