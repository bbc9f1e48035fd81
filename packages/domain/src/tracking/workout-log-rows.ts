import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { workoutLogs, type DbOrTx } from "@studio/db";
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
