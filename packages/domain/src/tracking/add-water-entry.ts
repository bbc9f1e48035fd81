import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { TRACKING_LIMITS, type DayTotals, type WaterAddInput, type WaterEntry } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import { notFound, validation } from "../errors";
import type { TraineeScope } from "../scope";
import { readWaterLogs, waterTotalOf } from "./daily-metric-record";
import { dayTotalsOf, lockDayRow } from "./day-row";
import { dayOf, fieldError, loadTraineeDay, type TraineeDay } from "./trainee-day";
import { isKnownTimeZone } from "../time/zoned-time";
import { appendWaterStatement, todayKeyAt } from "./trainee-day-upserts";

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
  if (input.deductEntryId === undefined) {
    const appended = await appendWaterEntry(db, scope, input.amountMl!, input);
    if (appended) return appended;
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

/**
 * The common write (an entry added, not an undo) in ONE statement (issue 30): the day row
 * created or locked by INSERT ... ON CONFLICT DO UPDATE, the entry appended and the total
 * recomputed from the stored entries (as readWaterLogs and waterTotalOf read them) under that
 * row lock, so concurrent posts all count. It declines (undefined) whenever the full path
 * must decide: a live trainee of the scope not found, the day row of another studio, the
 * requestId already in the day's log, or 1000 entries stored; the full path (one transaction)
 * then answers exactly as before. With the request's zone (the app sends x-timezone) the day is
 * known without reading the trainee: one statement; without it the trainee's day is read first.
 */
async function appendWaterEntry(
  db: Db,
  scope: TraineeScope,
  amountMl: number,
  input: WaterAddInput,
): Promise<DayTotals | undefined> {
  const zone = scope.actor.timezone;
  const day: Pick<TraineeDay, "today"> = isKnownTimeZone(zone)
    ? { today: todayKeyAt(scope.now, zone) }
    : await loadTraineeDay(db, scope);
  const date = dayOf(day as TraineeDay, input.date);
  const id = input.requestId ?? randomUUID();
  const at = scope.now.toISOString();
  const entry: WaterEntry = { id, amountMl, at, deductsEntryId: null };
  const row = await appendWaterStatement(db, {
    rowId: randomUUID(),
    studioId: scope.studioId,
    clientId: scope.actor.clientId,
    date,
    now: at,
    amountMl,
    entry: JSON.stringify(entry),
    entryId: id,
  });
  return row ? { date, waterMl: row.water_ml, steps: row.steps ?? 0 } : undefined;
}
