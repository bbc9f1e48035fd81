// SUBSCRIPTION_EXPIRING and SUBSCRIPTION_ENDED (docs/decisions/notifications.md "The scheduler").
// EXPIRING: SUBSCRIPTION_EXPIRING_DAYS (3) days before the last covered day of the trainee's live
// subscriptions (the latest end date: a queued renewal moves it), at the type's sendTime; not
// while one of them is FROZEN or still waiting for its FIRST_PLAN trigger (no end yet).
// ENDED: the day after the end date of a subscription the scheduler ended, at the type's
// sendTime, when the trainee holds no live subscription any more (a renewal that took over is no
// ending for the trainee).

import { sql } from "drizzle-orm";
import type { Db } from "@studio/db";
import type { DueWork, SchedulerTick } from "./due-work";
import {
  dispatchScheduledPushes,
  displayDate,
  scheduledInstant,
  type ScheduledPush,
} from "./scheduled-pushes";
import { coachNameOf, dateKey, dueDaysOf, dueDaysTable, rowsOf, studioSendTimes } from "./trainee-sql";
import { addDays } from "../time/zoned-time";
import type { PlatformJobScope } from "../notifications/form-reminder-items";

/** SUBSCRIPTION_EXPIRING is sent this many days before the last covered day. */
export const SUBSCRIPTION_EXPIRING_DAYS = 3;

interface SubscriptionRow {
  studioId: string;
  clientId: string;
  subscriptionId: string;
  plan: string;
  coach: string;
  zone: string;
  endDate: string | Date;
  sendTime: string;
}

async function dispatch(
  db: Db,
  scope: PlatformJobScope,
  tick: SchedulerTick,
  rows: SubscriptionRow[],
  type: "SUBSCRIPTION_EXPIRING" | "SUBSCRIPTION_ENDED",
) {
  const pushes: ScheduledPush[] = rows.map((row) => {
    const endDate = dateKey(row.endDate);
    const sendOn =
      type === "SUBSCRIPTION_ENDED" ? addDays(endDate, 1) : addDays(endDate, -SUBSCRIPTION_EXPIRING_DAYS);
    return {
      studioId: row.studioId,
      clientId: row.clientId,
      type,
      subject: row.subscriptionId,
      localDate: endDate,
      slot: type === "SUBSCRIPTION_ENDED" ? "ended" : `days-before-${SUBSCRIPTION_EXPIRING_DAYS}`,
      dueAt: scheduledInstant(sendOn, row.sendTime, row.zone),
      variables: { plan: row.plan, coach: row.coach, date: displayDate(endDate) },
      data: { subscriptionId: row.subscriptionId },
    };
  });
  return { candidates: rows.length, ...(await dispatchScheduledPushes(db, scope, tick, pushes)) };
}

export const subscriptionExpiring: DueWork = {
  name: "subscription-expiring",
  async run(db, scope, tick) {
    const type = "SUBSCRIPTION_EXPIRING";
    const days = await dueDaysOf(db, tick, type, -SUBSCRIPTION_EXPIRING_DAYS);
    if (days.length === 0) return { candidates: 0 };
    const ends = [...new Set(days.map((d) => d.day))];
    const rows = await rowsOf<SubscriptionRow>(
      db,
      sql`
      with st as (${await studioSendTimes(db, tick, type)}),
      due_days as (${dueDaysTable(days)}),
      ending as (
        select distinct x.client_id from subscriptions x
        where x.end_date in ${ends} and x.status in ('PENDING', 'ACTIVE')
      ),
      cand as (
        select distinct on (x.client_id) x.id as subscription_id, x.client_id, x.studio_id, x.end_date,
          x.plan_id, coalesce(c.timezone, st.timezone, 'Asia/Jerusalem') as zone, st.send_time,
          bool_or(x.status = 'FROZEN' or x.end_date is null) over (partition by x.client_id) as open_or_frozen
        from subscriptions x
        join ending e on e.client_id = x.client_id
        join clients c on c.id = x.client_id and c.studio_id = x.studio_id
        join st on st.id = x.studio_id
        where x.status in ('PENDING', 'ACTIVE', 'FROZEN') and c.deleted_at is null and c.status <> 'ARCHIVED'
        order by x.client_id, x.end_date desc nulls first, x.id
      )
      select k.studio_id as "studioId", k.client_id as "clientId", k.subscription_id as "subscriptionId",
        p.name as plan, k.zone, k.end_date as "endDate", k.send_time as "sendTime", ${coachNameOf} as coach
      from cand k
      join due_days dd on dd.zone = k.zone and dd.send_time = k.send_time and dd.day = k.end_date
      join plans p on p.id = k.plan_id
      join clients c on c.id = k.client_id
      join studios s on s.id = k.studio_id
      where not k.open_or_frozen and not exists (select 1 from scheduled_pushes sp where sp.type = ${type}
        and sp.client_id = k.client_id and sp.subject = k.subscription_id and sp.local_date = k.end_date)`,
    );
    return dispatch(db, scope, tick, rows, type);
  },
};

export const subscriptionEnded: DueWork = {
  name: "subscription-ended",
  async run(db, scope, tick) {
    const type = "SUBSCRIPTION_ENDED";
    const days = await dueDaysOf(db, tick, type, 1);
    if (days.length === 0) return { candidates: 0 };
    const ends = [...new Set(days.map((d) => d.day))];
    const rows = await rowsOf<SubscriptionRow>(
      db,
      sql`
      with st as (${await studioSendTimes(db, tick, type)}),
      due_days as (${dueDaysTable(days)}),
      cand as (
        select distinct on (x.client_id) x.id as subscription_id, x.client_id, x.studio_id, x.end_date,
          x.plan_id, coalesce(c.timezone, st.timezone, 'Asia/Jerusalem') as zone, st.send_time
        from subscriptions x
        join clients c on c.id = x.client_id and c.studio_id = x.studio_id
        join st on st.id = x.studio_id
        where x.status = 'ENDED' and x.end_date in ${ends}
          and c.deleted_at is null and c.status <> 'ARCHIVED'
          and not exists (select 1 from subscriptions n where n.client_id = x.client_id
            and n.status = 'ENDED' and n.end_date > x.end_date)
          and not exists (select 1 from subscriptions l where l.client_id = x.client_id
            and l.status in ('PENDING', 'ACTIVE', 'FROZEN'))
        order by x.client_id, x.end_date desc, x.id
      )
      select k.studio_id as "studioId", k.client_id as "clientId", k.subscription_id as "subscriptionId",
        p.name as plan, k.zone, k.end_date as "endDate", k.send_time as "sendTime", ${coachNameOf} as coach
      from cand k
      join due_days dd on dd.zone = k.zone and dd.send_time = k.send_time and dd.day = k.end_date
      join plans p on p.id = k.plan_id
      join clients c on c.id = k.client_id
      join studios s on s.id = k.studio_id
      where not exists (select 1 from scheduled_pushes sp where sp.type = ${type} and sp.client_id = k.client_id
        and sp.subject = k.subscription_id and sp.local_date = k.end_date)`,
    );
    return dispatch(db, scope, tick, rows, type);
  },
};
