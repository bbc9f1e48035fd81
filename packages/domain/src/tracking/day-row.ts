import { and, eq } from "drizzle-orm";
import type { DayTotals } from "@studio/contracts";
import { dailyMetrics, type DbOrTx } from "@studio/db";
import type { TraineeScope } from "../scope";
import type { DailyMetricRow } from "./daily-metric-record";

const dayRowWhere = (scope: TraineeScope, clientId: string, date: string) =>
  and(
    eq(dailyMetrics.clientId, clientId),
    eq(dailyMetrics.date, date),
    eq(dailyMetrics.studioId, scope.studioId),
  );

/**
 * The trainee's row of a day, created when missing and locked for the transaction: INSERT ...
 * ON CONFLICT DO NOTHING, then SELECT ... FOR UPDATE. Concurrent writers of one day queue on
 * the row lock, so each reads the entries the previous one wrote (no lost water entries).
 */
export async function lockDayRow(
  tx: DbOrTx,
  scope: TraineeScope,
  clientId: string,
  date: string,
): Promise<DailyMetricRow> {
  await tx
    .insert(dailyMetrics)
    .values({ studioId: scope.studioId, clientId, date, createdAt: scope.now, updatedAt: scope.now })
    .onConflictDoNothing({ target: [dailyMetrics.clientId, dailyMetrics.date] });
  const [row] = await tx
    .select()
    .from(dailyMetrics)
    .where(dayRowWhere(scope, clientId, date))
    .for("update");
  return row!;
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
