import { and, eq, sql } from "drizzle-orm";
import type { DayTotals } from "@studio/contracts";
import { dailyMetrics, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import type { DailyMetricRow } from "./daily-metric-record";

const dayRowWhere = (scope: TraineeScope, clientId: string, date: string) =>
  and(
    eq(dailyMetrics.clientId, clientId),
    eq(dailyMetrics.date, date),
    eq(dailyMetrics.studioId, scope.studioId),
  );

/**
 * The trainee's row of a day, created when missing and locked for the transaction, in one
 * statement: INSERT ... ON CONFLICT DO UPDATE (a no-op set) ... RETURNING, which locks the
 * existing row as SELECT ... FOR UPDATE would (one round trip instead of two, issue 16).
 * Concurrent writers of one day queue on the row lock, so each reads the entries the previous
 * one wrote (no lost water entries).
 */
export async function lockDayRow(
  tx: DbOrTx,
  scope: TraineeScope,
  clientId: string,
  date: string,
): Promise<DailyMetricRow> {
  const [row] = await tx
    .insert(dailyMetrics)
    .values({ studioId: scope.studioId, clientId, date, createdAt: scope.now, updatedAt: scope.now })
    .onConflictDoUpdate({
      target: [dailyMetrics.clientId, dailyMetrics.date],
      set: { updatedAt: sql`${dailyMetrics.updatedAt}` },
    })
    .returning();
  // A client belongs to one studio; a row of another studio is never this trainee's day.
  if (!row || row.studioId !== scope.studioId) throw notFound("trainee");
  return row;
}

/** The trainee's row of a day when it exists (locked with `forUpdate`), without creating one. */
export async function findDayRow(
  tx: DbOrTx,
  scope: TraineeScope,
  clientId: string,
  date: string,
  options: { forUpdate?: boolean } = {},
): Promise<DailyMetricRow | undefined> {
  const query = tx
    .select()
    .from(dailyMetrics)
    .where(dayRowWhere(scope, clientId, date))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** What water and steps writes answer: the day's water total and steps (0 when none recorded). */
export const dayTotalsOf = (row: Pick<DailyMetricRow, "date" | "waterMl" | "steps">): DayTotals => ({
  date: row.date,
  waterMl: row.waterMl,
  steps: row.steps ?? 0,
});
