// Scheduled pushes, claimed exactly once: the natural key (type, trainee, subject, local date,
// slot) is inserted into scheduled_pushes with `on conflict do nothing` in the transaction that
// records the notification (queued or skipped with its reason) and enqueues its delivery. The
// FORM_REMINDERS scheduler does the same with its own key table (form_reminder_dispatches).

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { NotificationSkipReason, NotificationType } from "@studio/contracts";
import { resultRows, type Db } from "@studio/db";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import type { NotifyVariables } from "../notifications/notify";
import { notifyStudios, type StudioNotifyInput } from "../notifications/notify-studios";
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

const byStudioAndKey = (a: [string, ScheduledPush], b: [string, ScheduledPush]) =>
  a[1].studioId < b[1].studioId
    ? -1
    : a[1].studioId > b[1].studioId
      ? 1
      : a[0] < b[0]
        ? -1
        : a[0] > b[0]
          ? 1
          : 0;

/**
 * Claims and records the pushes that came due in this tick: those due more than the grace
 * window ago are recorded skipped OUTSIDE_GRACE (never sent late, never dropped silently).
 * Per transaction of up to CHUNK pushes (every studio at once), a fixed number of statements:
 * ONE claim insert (`on conflict do nothing`, in one key order everywhere so concurrent ticks
 * wait on each other instead of deadlocking) that writes each claim with the id of its record,
 * then notifyStudios for the claims won (one recipients read, one settings read, one insert of
 * the records, one enqueue of the deliveries; it applies the studio's settings: DISABLED, MUTED,
 * NO_PUSH_TOKEN, THROTTLED).
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
  const ordered = [...byKey].sort(byStudioAndKey).map(([, push]) => ({ push, notificationId: randomUUID() }));
  for (let start = 0; start < ordered.length; start += CHUNK) {
    const chunk = ordered.slice(start, start + CHUNK);
    await db.transaction(async (tx) => {
      const claims = chunk.map(({ push, notificationId }) => ({
        studioId: push.studioId,
        clientId: push.clientId,
        type: push.type,
        subject: push.subject,
        localDate: push.localDate,
        slot: push.slot,
        dueAt: push.dueAt.toISOString(),
        notificationId,
      }));
      const claimed = resultRows<{ notificationId: string }>(
        await tx.execute(sql`
          insert into scheduled_pushes (id, studio_id, client_id, type, subject, local_date, slot, due_at,
            notification_id, created_at)
          select gen_random_uuid()::text, v."studioId", v."clientId", v.type, v.subject, v."localDate", v.slot,
            v."dueAt", v."notificationId", ${tick.now.toISOString()}::timestamptz
          from rows from (jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as ("studioId" text,
            "clientId" text, type text, subject text, "localDate" date, slot text, "dueAt" timestamptz,
            "notificationId" text)) with ordinality
            as v("studioId", "clientId", type, subject, "localDate", slot, "dueAt", "notificationId", n)
          order by v.n
          on conflict (type, client_id, subject, local_date, slot) do nothing
          returning notification_id as "notificationId"`),
      );
      run.alreadyClaimed += chunk.length - claimed.length;
      if (claimed.length === 0) return;
      const won = new Set(claimed.map((c) => c.notificationId));
      const inputs = chunk
        .filter(({ notificationId }) => won.has(notificationId))
        .map(({ push, notificationId }): StudioNotifyInput => {
          const late = tick.now.getTime() - push.dueAt.getTime() > tick.graceMs;
          const skipReason = late ? "OUTSIDE_GRACE" : push.skipReason;
          return {
            id: notificationId,
            studioId: push.studioId,
            clientId: push.clientId,
            type: push.type,
            variables: push.variables,
            data: { localDate: push.localDate, slot: push.slot, ...push.data },
            ...(skipReason ? { skipReason } : {}),
          };
        });
      const recorded = await notifyStudios(tx, scope, inputs);
      run.sent += recorded.queued;
      run.skipped += recorded.skipped;
    });
  }
  return run;
}

/** Pushes claimed per transaction. */
const CHUNK = 5_000;
