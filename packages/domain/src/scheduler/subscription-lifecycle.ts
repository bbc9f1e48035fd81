// Subscription lifecycle by date (docs/decisions/subscriptions.md "Lifecycle by date"), in the
// trainee's local day (trainee zone, studio zone, Asia/Jerusalem):
//   ACTIVE → ENDED the day after its end date (a dated PENDING one whose end passed too);
//   PENDING → ACTIVE on its start date, unless another ACTIVE or FROZEN subscription of the
//   trainee still covers that day (a renewal queued behind the running one starts the day after
//   it ends); FIRST_PLAN subscriptions still waiting for their trigger are left alone;
//   FROZEN stays frozen (its end date does not move and it is not ended); CANCELED and ENDED are final.
// Set-based: one statement per transition for every trainee, each writing its audit entries
// (actor the job) in the same statement; the status condition is re-checked under the row lock,
// so two ticks never transition one subscription twice.

import { sql } from "drizzle-orm";
import type { Db } from "@studio/db";
import type { DueWork } from "./due-work";
import { rowsOf } from "./trainee-sql";

const localToday = (now: string) =>
  sql`(${now}::timestamptz at time zone coalesce(c.timezone, s.timezone, 'Asia/Jerusalem'))::date`;

function transition(
  now: string,
  actorId: string,
  action: string,
  from: string,
  to: string,
  where: ReturnType<typeof sql>,
  bound: ReturnType<typeof sql>,
) {
  return sql`
    with moved as (
      update subscriptions x set status = ${to}, updated_at = ${now}::timestamptz
      from clients c join studios s on s.id = c.studio_id
      where x.status = ${from} and ${bound}
        and c.id = x.client_id and c.studio_id = x.studio_id and c.deleted_at is null and x.waiting_for_trigger = 'NONE' and ${where}
      returning x.id, x.studio_id, x.client_id, x.start_date, x.end_date, ${localToday(now)} as local_date
    ),
    audited as (
      insert into audit_entries (id, studio_id, actor_type, actor_id, action, entity_type, entity_id, data, created_at)
      select gen_random_uuid()::text, m.studio_id, 'job', ${actorId}, ${action}, 'subscription', m.id,
        jsonb_build_object('clientId', m.client_id, 'from', ${from}::text, 'to', ${to}::text,
          'localDate', m.local_date, 'startDate', m.start_date, 'endDate', m.end_date),
        ${now}::timestamptz
      from moved m
      returning 1
    )
    select count(*)::int as n from moved`;
}

export const subscriptionLifecycle: DueWork = {
  name: "subscription-lifecycle",
  async run(db: Db, scope, tick) {
    const now = tick.now.toISOString();
    const actor = scope.actor.job;
    // A cheap first filter: every zone's local date is within a day of UTC's.
    const utcDay = now.slice(0, 10);
    // Anything to move at all? Two index probes (subscriptions_live_end_idx,
    // subscriptions_pending_start_idx); a tick with nothing to move stops here.
    const [found] = await rowsOf<{ ending: boolean; starting: boolean }>(
      db,
      sql`select
        exists (select 1 from subscriptions x where x.status in ('PENDING', 'ACTIVE')
          and x.end_date < ${utcDay}::date + 1) as ending,
        exists (select 1 from subscriptions x where x.status = 'PENDING'
          and x.start_date < ${utcDay}::date + 2) as starting`,
    );
    if (!found?.ending && !found?.starting) return { ended: 0, activated: 0 };
    return db.transaction(async (tx) => {
      const count = async (q: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(tx, q))[0]?.n ?? 0;
      const ended = !found.ending
        ? 0
        : (await count(
            transition(
              now,
              actor,
              "scheduler.subscription.end",
              "ACTIVE",
              "ENDED",
              sql`x.end_date < ${localToday(now)}`,
              sql`x.end_date < ${utcDay}::date + 1`,
            ),
          )) +
          (await count(
            transition(
              now,
              actor,
              "scheduler.subscription.end",
              "PENDING",
              "ENDED",
              sql`x.start_date is not null and x.end_date < ${localToday(now)}`,
              sql`x.end_date < ${utcDay}::date + 1`,
            ),
          ));
      const activated = !found.starting
        ? 0
        : await count(
            transition(
              now,
              actor,
              "scheduler.subscription.activate",
              "PENDING",
              "ACTIVE",
              sql`x.start_date <= ${localToday(now)}
            and (x.end_date is null or x.end_date >= ${localToday(now)})
            and not exists (
              select 1 from subscriptions r
              where r.client_id = x.client_id and r.id <> x.id and r.status in ('ACTIVE', 'FROZEN')
                and (r.end_date is null or r.end_date >= ${localToday(now)}))`,
              sql`x.start_date < ${utcDay}::date + 2`,
            ),
          );
      return { ended, activated };
    });
  },
};
