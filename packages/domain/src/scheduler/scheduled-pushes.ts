// Scheduled pushes, claimed exactly once: the natural key (type, trainee, subject, local date,
// slot) is inserted into scheduled_pushes with `on conflict do nothing` in the transaction that
// records the notification (queued or skipped with its reason) and enqueues its delivery. The
// FORM_REMINDERS scheduler does the same with its own key table (form_reminder_dispatches).

import { sql } from "drizzle-orm";
import type { NotificationSkipReason, NotificationType } from "@studio/contracts";
import { scheduledPushes, type Db, type DbOrTx } from "@studio/db";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import type { NotifyInput, NotifyVariables } from "../notifications/notify";
import { notifyMany } from "../notifications/notify-many";
import { localParts, zoneOffsetMs, zonedDateTimeToInstant, dateKeyParts } from "../time/zoned-time";
import type { SchedulerTick } from "./due-work";

/** Reasons the scheduler itself finds (notify adds DISABLED, MUTED, NO_PUSH_TOKEN, THROTTLED). */
export type ScheduledSkipReason = Extract<NotificationSkipReason, "OUTSIDE_GRACE" | "APP_LOCKED">;

export interface ScheduledPush {
  studioId: string;
  clientId: string;
  type: NotificationType;
  /** A program, subscription or meeting id; '' when the type has none. */
  subject: string;
  /** The trainee-local date the push belongs to (YYYY-MM-DD). */
  localDate: string;
  slot: string;
  dueAt: Date;
  variables: NotifyVariables;
  data?: Readonly<Record<string, string | number | boolean | null>>;
  /** The trainee's app is locked (workout pushes are then recorded skipped APP_LOCKED). */
  skipReason?: ScheduledSkipReason;
}

export interface ScheduledPushRun {
  due: number;
  sent: number;
  skipped: number;
  alreadyClaimed: number;
}

const MINUTE_MS = 60_000;

/**
 * The instant a wall time happens on a local date, for a scheduled push: a time that does not
 * exist that day (clocks go forward) is due at the first minute that exists after it (02:30 in a
 * 02:00→03:00 gap is due at 03:00); a time that happens twice (clocks go back) at its first
 * occurrence. The push is claimed by its local date and slot, so the repeated hour sends it once.
 */
export function scheduledInstant(dateKey: string, wallTime: string, zone: string): Date {
  const key = `${dateKey} ${wallTime} ${zone}`;
  let found = instantCache.get(key);
  if (found === undefined) {
    if (instantCache.size > 10_000) instantCache.clear();
    found = computeScheduledInstant(dateKey, wallTime, zone).getTime();
    instantCache.set(key, found);
  }
  return new Date(found);
}

const instantCache = new Map<string, number>();

function computeScheduledInstant(dateKey: string, wallTime: string, zone: string): Date {
  const instant = zonedDateTimeToInstant(dateKey, wallTime, zone);
  const local = localParts(instant, zone);
  if (local.date === dateKey && local.time === wallTime.slice(0, 5)) return instant;
  // In a gap: the gap's end is the instant the offset changes, before `instant` and less than
  // the gap's length (the offset difference) earlier. Search it to the minute.
  const gap = Math.abs(
    zoneOffsetMs(instant, zone) - zoneOffsetMs(instant.getTime() - 2 * 24 * 3600_000, zone),
  );
  let lo = instant.getTime() - gap - MINUTE_MS; // still before the change
  let hi = instant.getTime();
  const after = zoneOffsetMs(hi, zone);
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (zoneOffsetMs(mid, zone) === after) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** {{date}}: a local date as DD/MM/YYYY (the form reminders' format). */
export function displayDate(dateKey: string): string {
  const { y, m, d } = dateKeyParts(dateKey);
  return `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`;
}

const keyOf = (p: { type: string; clientId: string; subject: string; localDate: string; slot: string }) =>
  [p.type, p.clientId, p.subject, p.localDate, p.slot].join("\u0000");

/**
 * Claims and records the pushes that came due in this tick: those due more than the grace
 * window ago are recorded skipped OUTSIDE_GRACE (never sent late, never dropped silently);
 * per studio one transaction: one claim insert (keys sorted, so concurrent ticks wait on each
 * other instead of deadlocking), one notifyMany for the claims won (which applies the studio's
 * settings: DISABLED, MUTED, NO_PUSH_TOKEN, THROTTLED), one update linking claims to records.
 */
export async function dispatchScheduledPushes(
  db: Db,
  scope: PlatformJobScope,
  tick: SchedulerTick,
  pushes: readonly ScheduledPush[],
): Promise<ScheduledPushRun> {
  const run: ScheduledPushRun = { due: 0, sent: 0, skipped: 0, alreadyClaimed: 0 };
  const byKey = new Map<string, ScheduledPush>();
  for (const push of pushes) {
    if (push.dueAt > tick.now || push.dueAt <= tick.since) continue;
    if (!byKey.has(keyOf(push))) byKey.set(keyOf(push), push);
  }
  run.due = byKey.size;
  const byStudio = new Map<string, [string, ScheduledPush][]>();
  for (const entry of byKey) {
    const list = byStudio.get(entry[1].studioId) ?? [];
    list.push(entry);
    byStudio.set(entry[1].studioId, list);
  }
  // Studios grouped into transactions of about CHUNK pushes (a commit per studio cost more than
  // the work with 100 studios), claims in key order everywhere so concurrent ticks wait, not deadlock.
  const chunks: [string, [string, ScheduledPush][]][][] = [[]];
  let size = 0;
  for (const entry of [...byStudio].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    entry[1].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (size > 0 && size + entry[1].length > CHUNK) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(entry);
    size += entry[1].length;
  }
  for (const chunk of chunks)
    if (chunk.length > 0)
      await db.transaction(async (tx) => {
        for (const [studioId, entries] of chunk) await claimStudio(tx, studioId, entries);
      });
  return run;

  async function claimStudio(tx: DbOrTx, studioId: string, entries: [string, ScheduledPush][]) {
    {
      const claimed = await tx
        .insert(scheduledPushes)
        .values(
          entries.map(([, p]) => ({
            studioId,
            clientId: p.clientId,
            type: p.type,
            subject: p.subject,
            localDate: p.localDate,
            slot: p.slot,
            dueAt: p.dueAt,
            createdAt: tick.now,
          })),
        )
        .onConflictDoNothing({
          target: [
            scheduledPushes.type,
            scheduledPushes.clientId,
            scheduledPushes.subject,
            scheduledPushes.localDate,
            scheduledPushes.slot,
          ],
        })
        .returning({
          id: scheduledPushes.id,
          type: scheduledPushes.type,
          clientId: scheduledPushes.clientId,
          subject: scheduledPushes.subject,
          localDate: scheduledPushes.localDate,
          slot: scheduledPushes.slot,
        });
      run.alreadyClaimed += entries.length - claimed.length;
      if (claimed.length === 0) return;
      const claims = claimed.map((c) => ({ id: c.id, push: byKey.get(keyOf(c))! }));
      const records = await notifyMany(
        tx,
        { ...scope, studioId },
        claims.map(({ push }): NotifyInput => {
          const late = tick.now.getTime() - push.dueAt.getTime() > tick.graceMs;
          const skipReason = late ? "OUTSIDE_GRACE" : push.skipReason;
          return {
            clientId: push.clientId,
            type: push.type,
            variables: push.variables,
            data: { localDate: push.localDate, slot: push.slot, ...push.data },
            ...(skipReason ? { skipReason } : {}),
          };
        }),
      );
      for (const record of records) {
        if (record.status === "skipped") run.skipped++;
        else run.sent++;
      }
      const links = claims.map(({ id }, n) => ({ id, notificationId: records[n]!.id }));
      await tx.execute(sql`
        update scheduled_pushes as p set notification_id = v."notificationId"
        from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(id text, "notificationId" text)
        where p.id = v.id and p.studio_id = ${studioId}`);
    }
  }
}

/** Pushes claimed per transaction (whole studios). */
const CHUNK = 2_000;
