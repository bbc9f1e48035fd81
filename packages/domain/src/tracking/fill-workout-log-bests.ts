import { isNull, sql } from "drizzle-orm";
import { workoutLogs, type Db } from "@studio/db";
import { exerciseBestsOf } from "./personal-records";

/**
 * The backfill path of workout_logs.exercise_bests (issue 30 item 2): up to `limit` logs of any
 * studio without stored bests (rows migration 0021 could not compute exactly in SQL, rows
 * inserted by set-based SQL such as the benches' seeds) get the bests of their entries, computed
 * by the function every write uses. The rows are locked while computed (a trainee's edit waits or
 * is skipped), so the bests are those of the entries the row keeps. Answers how many were filled;
 * call until 0. The views read a NULL row's entries meanwhile, so running it is never urgent.
 */
export async function fillWorkoutLogBests(db: Db, input: { limit: number }): Promise<{ filled: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: workoutLogs.id, entries: workoutLogs.entries })
      .from(workoutLogs)
      .where(isNull(workoutLogs.exerciseBests))
      .limit(input.limit)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return { filled: 0 };
    const filled = rows.map((row) => ({ id: row.id, bests: exerciseBestsOf(row.entries) }));
    await tx.execute(sql`
      update ${workoutLogs} w set exercise_bests = v.bests
      from jsonb_to_recordset(${JSON.stringify(filled)}::jsonb) as v(id text, bests jsonb)
      where w.id = v.id`);
    return { filled: rows.length };
  });
}
