import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { TRACKING_LIMITS, type DayTotals, type WaterAddInput, type WaterEntry } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import { notFound, validation } from "../errors";
import type { TraineeScope } from "../scope";
import { readWaterLogs, waterTotalOf } from "./daily-metric-record";
import { dayTotalsOf, lockDayRow } from "./day-row";
import { dayOf, fieldError, loadTraineeDay } from "./trainee-day";

/**
 * `POST /v1/trainee/water` (document 3): adds an entry to the day's water log and answers the
 * day's totals. requestId becomes the entry id, and an id the day already holds changes
 * nothing. deductEntryId undoes that entry with its negative amount (amountMl is ignored); a
 * second undo of the same entry changes nothing; an undo entry cannot itself be undone.
 * At most 1000 entries a day. The day row is locked, so concurrent posts all count.
 */
export async function addWaterEntry(db: Db, scope: TraineeScope, input: WaterAddInput): Promise<DayTotals> {
  if (input.deductEntryId === undefined && input.amountMl === undefined) {
    throw fieldError("amountMl", "is required unless deductEntryId is sent");
  }
  return db.transaction(async (tx) => {
    const day = await loadTraineeDay(tx, scope);
    const date = dayOf(day, input.date);
    const row = await lockDayRow(tx, scope, day.clientId, date);
    const entries = readWaterLogs(row.waterLogs);
    if (input.requestId !== undefined && entries.some((e) => e.id === input.requestId))
      return dayTotalsOf(row);

    let entry: WaterEntry;
    const id = input.requestId ?? randomUUID();
    const at = scope.now.toISOString();
    if (input.deductEntryId !== undefined) {
      const target = entries.find((e) => e.id === input.deductEntryId);
      if (!target) throw notFound("water entry");
      if (target.deductsEntryId !== null) throw fieldError("deductEntryId", "an undo entry cannot be undone");
      if (entries.some((e) => e.deductsEntryId === target.id)) return dayTotalsOf(row);
      entry = { id, amountMl: -target.amountMl, at, deductsEntryId: target.id };
    } else {
      entry = { id, amountMl: input.amountMl!, at, deductsEntryId: null };
    }
    if (entries.length >= TRACKING_LIMITS.waterEntriesPerDay) {
      throw validation(`at most ${TRACKING_LIMITS.waterEntriesPerDay} water entries per day`, {
        reason: "WATER_ENTRY_LIMIT",
      });
    }
    const next = [...entries, entry];
    const [updated] = await tx
      .update(dailyMetrics)
      .set({ waterLogs: next, waterMl: waterTotalOf(next), updatedAt: scope.now })
      .where(and(eq(dailyMetrics.id, row.id), eq(dailyMetrics.studioId, scope.studioId)))
      .returning();
    return dayTotalsOf(updated!);
  });
}
