// SQL pieces the scheduler's candidate queries share (aliases: c = clients, s = studios).

import { sql, type SQL } from "drizzle-orm";
import type { NotificationType } from "@studio/contracts";
import { resultRows, type DbOrTx } from "@studio/db";
import { loadPlatformValues } from "../notifications/config-store";
import type { SchedulerTick } from "./due-work";

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

/** The studio's sendTime of a type (its override, else the platform's), per row of studio alias `s`. */
export async function sendTimeOf(db: DbOrTx, type: NotificationType): Promise<SQL> {
  const platform = (await loadPlatformValues(db, [type])).get(type)!.sendTime;
  return sql`coalesce((select o.send_time from notification_overrides o where o.studio_id = s.id and o.type = ${type}), ${platform})`;
}

/** The studios' sendTime of a type as a CTE body `st(id, send_time, timezone)` (override, else the platform's). */
export async function studioSendTimes(db: DbOrTx, type: NotificationType): Promise<SQL> {
  const platform = (await loadPlatformValues(db, [type])).get(type)!.sendTime;
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
 * The (zone, sendTime, local date) triples whose date + shiftDays at sendTime in that zone falls
 * in the tick's window (with a slack for DST that the exact check in JS removes), over the zones
 * and studio send times that exist: a handful of rows, so a tick with nothing due stops here.
 */
export async function dueDaysOf(db: DbOrTx, tick: SchedulerTick, type: NotificationType, shiftDays: number) {
  const since = tick.since.toISOString();
  const now = tick.now.toISOString();
  const rows = await rowsOf<DueDay>(
    db,
    sql`
    with st as (${await studioSendTimes(db, type)}),
    zs as (
      select distinct coalesce(c.timezone, st.timezone, 'Asia/Jerusalem') as zone, st.send_time
      from clients c join st on st.id = c.studio_id where c.deleted_at is null
    )
    select zone, send_time, to_char(d::date - ${shiftDays}::int, 'YYYY-MM-DD') as day
    from zs cross join lateral generate_series(
      (${since}::timestamptz at time zone zone)::date - 1,
      (${now}::timestamptz at time zone zone)::date, interval '1 day') d
    where (d::date + send_time::time) at time zone zone
      between ${since}::timestamptz - interval '2 hours' and ${now}::timestamptz + interval '2 hours'`,
  );
  return rows;
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
