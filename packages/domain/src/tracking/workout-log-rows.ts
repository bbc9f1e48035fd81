import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { workoutLogs, type DbOrTx } from "@studio/db";
import { exerciseBestsOf, type ExerciseBests } from "./personal-records";
import type { WorkoutLogRow } from "./workout-session";
import type { StudioScope } from "../scope";

/** The columns the coach workout views read. */
export const workoutLogColumns = {
  id: workoutLogs.id,
  performedOn: workoutLogs.performedOn,
  programId: workoutLogs.programId,
  dayId: workoutLogs.dayId,
  label: workoutLogs.label,
  completed: workoutLogs.completed,
  startedAt: workoutLogs.startedAt,
  finishedAt: workoutLogs.finishedAt,
  entries: workoutLogs.entries,
};

/** The order of a trainee's logs: by day, then by creation (id breaks exact ties). */
export const logOrderAsc = [asc(workoutLogs.performedOn), asc(workoutLogs.createdAt), asc(workoutLogs.id)];
export const logOrderDesc = [
  desc(workoutLogs.performedOn),
  desc(workoutLogs.createdAt),
  desc(workoutLogs.id),
];

/** One trainee's logs in the studio matching `where`, in `order`, at most `limit`. */
export function selectTraineeLogs(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<WorkoutLogRow[]> {
  const { studioId } = scope;
  return db
    .select(workoutLogColumns)
    .from(workoutLogs)
    .where(and(eq(workoutLogs.clientId, clientId), eq(workoutLogs.studioId, studioId), where))
    .orderBy(...order)
    .limit(limit);
}

/**
 * The record baseline of one trainee's logs matching `where`, newest first, at most `limit`: each
 * log's stored exercise bests, not its entries (~2.2 kB of jsonb a log; issue 30 item 2). A row
 * without stored bests (left NULL by migration 0021) sends its entries, computed here by the
 * same function the writes store.
 */
export async function selectBaselineBests(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
  where: SQL | undefined,
  limit: number,
): Promise<ExerciseBests[]> {
  const rows = await db
    .select({
      bests: workoutLogs.exerciseBests,
      entries: sql`case when ${workoutLogs.exerciseBests} is null then ${workoutLogs.entries} end`.mapWith(
        workoutLogs.entries,
      ),
    })
    .from(workoutLogs)
    .where(and(eq(workoutLogs.clientId, clientId), eq(workoutLogs.studioId, scope.studioId), where))
    .orderBy(...logOrderDesc)
    .limit(limit);
  return rows.map((row) => row.bests ?? exerciseBestsOf(row.entries));
}
