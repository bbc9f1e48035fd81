import { and, count, desc, eq } from "drizzle-orm";
import type { RawTrackingQuery, RawWorkoutLogPage } from "@studio/contracts";
import { workoutLogs, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { toWorkoutLog, type WorkoutLogRow } from "../trainee-logs/workout-log-record";
import { assertRawListClient, dayWindow, pageOffset } from "./raw-list-client";

/**
 * `GET /v1/web/tracking/workout-logs` (document 2): full rows by performedOn descending
 * (completed and unfinished logs both), and the total.
 */
export async function listRawWorkoutLogs(
  db: Db,
  scope: StudioScope,
  query: RawTrackingQuery,
): Promise<RawWorkoutLogPage> {
  await assertRawListClient(db, scope, query.clientId);
  const where = and(
    eq(workoutLogs.clientId, query.clientId),
    eq(workoutLogs.studioId, scope.studioId),
    ...dayWindow(workoutLogs.performedOn, query),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(workoutLogs)
      .where(where)
      .orderBy(desc(workoutLogs.performedOn), desc(workoutLogs.createdAt), desc(workoutLogs.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(workoutLogs).where(where),
  ]);
  return { items: rows.map(toRawWorkoutLog), total: total?.n ?? 0 };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The full row with entries as stored; status reads only sets whose done is true (tolerant of other shapes). */
function toRawWorkoutLog(row: WorkoutLogRow): RawWorkoutLogPage["items"][number] {
  const entries: unknown[] = Array.isArray(row.entries) ? row.entries : [];
  const anyDone = entries.some(
    (e) => isRecord(e) && Array.isArray(e.sets) && e.sets.some((set) => isRecord(set) && set.done === true),
  );
  return {
    ...toWorkoutLog({ ...row, entries: [] }),
    clientId: row.clientId,
    status: row.completed ? "completed" : anyDone ? "partial" : null,
    entries,
  };
}
