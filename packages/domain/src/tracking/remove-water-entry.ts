import { and, eq } from "drizzle-orm";
import type { DayTotals, WaterRemoveInput } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { readWaterLogs, waterTotalOf } from "./daily-metric-record";
import { dayTotalsOf, findDayRow } from "./day-row";
import { dayOf, loadTraineeDay } from "./trainee-day";

/**
 * `DELETE /v1/trainee/water/:entryId` (document 3): removes the entry of the day (query date,
 * default today) and every undo entry pointing at it; answers the day's totals. An id the day
 * does not hold: NOT_FOUND water entry not found.
 */
export async function removeWaterEntry(
  db: Db,
  scope: TraineeScope,
  input: WaterRemoveInput,
): Promise<DayTotals> {
  return db.transaction(async (tx) => {
    const day = await loadTraineeDay(tx, scope);
    const date = dayOf(day, input.date);
    const row = await findDayRow(tx, scope, day.clientId, date, { forUpdate: true });
    const entries = row ? readWaterLogs(row.waterLogs) : [];
    if (!row || !entries.some((e) => e.id === input.entryId)) throw notFound("water entry");
    const next = entries.filter((e) => e.id !== input.entryId && e.deductsEntryId !== input.entryId);
    const [updated] = await tx
      .update(dailyMetrics)
      .set({ waterLogs: next, waterMl: waterTotalOf(next), updatedAt: scope.now })
      .where(and(eq(dailyMetrics.id, row.id), eq(dailyMetrics.studioId, scope.studioId)))
      .returning();
    return dayTotalsOf(updated!);
  });
}
