import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { TRACKING_LIMITS, type DayTotals, type WaterAddInput, type WaterEntry } from "@studio/contracts";
import { dailyMetrics, resultRows, type Db } from "@studio/db";
import { notFound, validation } from "../errors";
import type { TraineeScope } from "../scope";
import { signedInTrainee } from "../trainee/signed-in-trainee";
import { readWaterLogs, waterTotalOf } from "./daily-metric-record";
import { dayTotalsOf, lockDayRow } from "./day-row";
import { dayOf, fieldError, loadTraineeDay, type TraineeDay } from "./trainee-day";
import { isKnownTimeZone } from "../time/zoned-time";
import { todayKey } from "../time/day-keys";

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
    ? { today: todayKey(scope.now, zone) }
    : await loadTraineeDay(db, scope);
  const date = dayOf(day as TraineeDay, input.date);
  const id = input.requestId ?? randomUUID();
  const entry: WaterEntry = { id, amountMl, at: scope.now.toISOString(), deductsEntryId: null };
  const now = scope.now.toISOString();
  const result = await db.execute(sql`
    insert into daily_metrics as d (id, studio_id, client_id, date, water_ml, water_logs, created_at, updated_at)
    select ${randomUUID()}, clients.studio_id, clients.id, ${date}::date, greatest(0, ${amountMl}::int),
      jsonb_build_array(${JSON.stringify(entry)}::jsonb), ${now}::timestamptz, ${now}::timestamptz
    from clients
    where ${signedInTrainee(scope)}
    on conflict (client_id, date) do update set
      water_logs = d.water_logs || excluded.water_logs,
      water_ml = greatest(0, (
        select coalesce(sum((e -> 'amountMl')::numeric), 0)
        from jsonb_array_elements(d.water_logs || excluded.water_logs) e
        where jsonb_typeof(e) = 'object' and jsonb_typeof(e -> 'id') = 'string'
          and jsonb_typeof(e -> 'amountMl') = 'number'
          and (e -> 'amountMl')::numeric = trunc((e -> 'amountMl')::numeric)
      ))::int,
      updated_at = excluded.updated_at
    where d.studio_id = ${scope.studioId}
      and jsonb_typeof(d.water_logs) = 'array'
      and jsonb_array_length(d.water_logs) < ${TRACKING_LIMITS.waterEntriesPerDay}
      and not d.water_logs @> jsonb_build_array(jsonb_build_object('id', ${id}::text))
    returning d.water_ml, d.steps`);
  const [row] = resultRows<{ water_ml: number; steps: number | null }>(result);
  return row ? { date, waterMl: row.water_ml, steps: row.steps ?? 0 } : undefined;
}
