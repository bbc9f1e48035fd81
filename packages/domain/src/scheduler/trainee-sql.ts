// SQL pieces the scheduler's candidate queries share (aliases: c = clients, s = studios).

import { sql, type SQL } from "drizzle-orm";
import type { NotificationType } from "@studio/contracts";
import { resultRows, type DbOrTx } from "@studio/db";
import { loadPlatformValues } from "../notifications/config-store";
import { addDays, localParts } from "../time/zoned-time";
import type { SchedulerTick } from "./due-work";
import { scheduledInstant } from "./scheduled-pushes";

/** The trainee's zone (document 3 "Day resolution"): trainee, studio, then Asia/Jerusalem. */
export const zoneOf = sql`coalesce(c.timezone, s.timezone, 'Asia/Jerusalem')`;

/** A trainee the scheduler acts for: not deleted, not archived, in a studio that is not archived. */
export const schedulableTrainee = sql`c.deleted_at is null and c.status <> 'ARCHIVED' and s.archived_at is null`;

/** {{coach}}: the trainee's primary coach's first name (an active coach of the studio), else the studio's name. */
export const coachNameOf = sql`coalesce((
  select nullif(coalesce(nullif(trim(co.first_name), ''), trim(co.name)), '')
  from client_coaches cc join coaches co on co.id = cc.coach_id and co.studio_id = cc.studio_id and co.active
  where cc.client_id = c.id and cc.is_primary limit 1), s.name)`;

/**
 * The app lock of decisions.md "App lock inputs", in SQL for the trainee's local `today`:
 * frozen (trainee freeze date or a FROZEN live subscription) unless allowed, or the coverage
 * ended — the latest end date of the live subscriptions (none when one has no end yet), else
 * the latest ENDED one, else the trainee's accessEndsAt.
 */
export function appLockedOf(now: Date, today: SQL): SQL {
  const at = now.toISOString();
  return sql`(
    ((c.freeze_started_at <= ${at}::timestamptz
      or exists (select 1 from subscriptions x where x.client_id = c.id and x.status = 'FROZEN'))
     and not coalesce(c.allow_app_while_frozen, (s.settings->>'allowAppWhileFrozen')::boolean, false))
    or case
      when exists (select 1 from subscriptions x where x.client_id = c.id and x.status in ('PENDING','ACTIVE','FROZEN'))
      then coalesce((
        select case when bool_or(x.end_date is null) then null else max(x.end_date) end
        from subscriptions x where x.client_id = c.id and x.status in ('PENDING','ACTIVE','FROZEN')
      ) < ${today}, false)
      else coalesce(
        (select max(x.end_date) from subscriptions x where x.client_id = c.id and x.status = 'ENDED') < ${today},
        c.access_ends_at < ${at}::timestamptz,
        false)
    end)`;
}

/** The types whose send times a tick reads (once, shared by every DueWork of the tick). */
const SCHEDULED_TYPES: readonly NotificationType[] = [
  "WORKOUT_REMINDER",
  "WORKOUT_MISSED",
  "SUBSCRIPTION_EXPIRING",
  "SUBSCRIPTION_ENDED",
  "MEETING_REMINDER",
];

interface TickSendTimes {
  /** Every zone a trainee may be in: the live studios' zones and the trainees' own zones. */
  zones: string[];
  /** Per type: the platform sendTime, then every studio override's. */
  sendTimes: Map<NotificationType, string[]>;
  platform: Map<NotificationType, string>;
}

const perTick = new WeakMap<SchedulerTick, Promise<TickSendTimes>>();

/**
 * The zones and send times of the scheduled types, read once per tick (two small queries): a
 * superset of the (zone, sendTime) pairs of the trainees (any studio's zone with any send time
 * of the type), enough to decide in memory which local dates come due in the window.
 */
function tickSendTimes(db: DbOrTx, tick: SchedulerTick): Promise<TickSendTimes> {
  let found = perTick.get(tick);
  if (!found) {
    found = (async () => {
      const [platformValues, rows] = await Promise.all([
        loadPlatformValues(db, SCHEDULED_TYPES),
        rowsOf<{ type: NotificationType | null; value: string }>(
          db,
          sql`
          select null::text as type, coalesce(s.timezone, 'Asia/Jerusalem') as value from studios s
          where s.archived_at is null
          union
          select null, c.timezone from clients c where c.timezone is not null and c.deleted_at is null
          union
          select o.type, o.send_time from notification_overrides o
          where o.type in (${sql.join(
            SCHEDULED_TYPES.map((t) => sql`${t}`),
            sql`, `,
          )})`,
        ),
      ]);
      const platform = new Map(SCHEDULED_TYPES.map((t) => [t, platformValues.get(t)!.sendTime]));
      const sendTimes = new Map(SCHEDULED_TYPES.map((t) => [t, [platform.get(t)!]]));
      const zones: string[] = [];
      for (const row of rows)
        if (row.type === null) zones.push(row.value);
        else if (!sendTimes.get(row.type)!.includes(row.value)) sendTimes.get(row.type)!.push(row.value);
      return { zones, sendTimes, platform };
    })();
    perTick.set(tick, found);
  }
  return found;
}

/** The platform sendTime of a scheduled type (this tick's reading). */
async function platformSendTime(db: DbOrTx, tick: SchedulerTick, type: NotificationType): Promise<string> {
  if (SCHEDULED_TYPES.includes(type)) return (await tickSendTimes(db, tick)).platform.get(type)!;
  return (await loadPlatformValues(db, [type])).get(type)!.sendTime;
}

/** The studio's sendTime of a type (its override, else the platform's), per row of studio alias `s`. */
export async function sendTimeOf(db: DbOrTx, tick: SchedulerTick, type: NotificationType): Promise<SQL> {
  const platform = await platformSendTime(db, tick, type);
  return sql`coalesce((select o.send_time from notification_overrides o where o.studio_id = s.id and o.type = ${type}), ${platform})`;
}

/** The studios' sendTime of a type as a CTE body `st(id, send_time, timezone)` (override, else the platform's). */
export async function studioSendTimes(db: DbOrTx, tick: SchedulerTick, type: NotificationType): Promise<SQL> {
  const platform = await platformSendTime(db, tick, type);
  return sql`select s.id, coalesce(o.send_time, ${platform}) as send_time, s.timezone
    from studios s left join notification_overrides o on o.studio_id = s.id and o.type = ${type}
    where s.archived_at is null`;
}

export interface DueDay {
  zone: string;
  send_time: string;
  day: string;
}

/**
 * The (zone, sendTime, date) triples whose date + shiftDays at sendTime in that zone (a time in
 * a DST gap at the next minute that exists: scheduledInstant) falls in the tick's window, over
 * the zones and send times of the tick (tickSendTimes): worked out in memory, so a tick with
 * nothing due asks nothing more of the database. The candidate queries join them on (zone,
 * send time), so a pair no trainee has only costs an empty join.
 */
export async function dueDaysOf(
  db: DbOrTx,
  tick: SchedulerTick,
  type: NotificationType,
  shiftDays: number,
): Promise<DueDay[]> {
  const { zones, sendTimes } = await tickSendTimes(db, tick);
  const times = sendTimes.get(type) ?? [await platformSendTime(db, tick, type)];
  const days: DueDay[] = [];
  for (const zone of zones) {
    const last = addDays(localParts(tick.now, zone).date, 1);
    for (let day = addDays(localParts(tick.since, zone).date, -1); day <= last; day = addDays(day, 1))
      for (const sendTime of times) {
        const dueAt = scheduledInstant(day, sendTime, zone);
        if (dueAt > tick.since && dueAt <= tick.now)
          days.push({ zone, send_time: sendTime, day: addDays(day, -shiftDays) });
      }
  }
  return days;
}

/** A CTE body `due_days(zone, send_time, day)` of the rows dueDaysOf found. */
export const dueDaysTable = (days: readonly DueDay[]) =>
  sql`select * from jsonb_to_recordset(${JSON.stringify(days)}::jsonb) as v(zone text, send_time text, day date)`;

/** Rows of db.execute, typed, on either driver. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

/** A date column read as YYYY-MM-DD whatever the driver hands back. */
export const dateKey = (value: string | Date): string =>
  typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
