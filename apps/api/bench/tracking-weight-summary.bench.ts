/**
 * Coach tracking views benchmark (document 2 "Client tracking"; issue 14 target: every view over
 * 3 years of daily data for one trainee answers p99 under 100 ms): GET /summary and GET /weight
 * (7d, 30d, 3m) of /v1/web/clients/:id/tracking and the three raw lists (/v1/web/tracking/…,
 * 100 rows a page), signed like the web app server signs them.
 *
 * `pnpm exec tsx bench/tracking-weight-summary.bench.ts` (also run by `pnpm bench`). The file
 * is both the driver (default) and the server (BENCH_ROLE=server: fresh PostgreSQL
 * database cloned from the migrated template, the real app on a loopback port). The seeded
 * trainees (4) each have 3 years (1,096 local days ending today) of: a daily_metrics row a day (steps,
 * water, circumferences every 7th day), a weigh-in a day, a workout log every other day (6
 * exercises of 4 done sets), 3 free meal logs a day, 3 plan-meal snapshots a day and a custom
 * meal every third day; 200 other trainees of the studio hold a month of the same. The driver
 * times each view sequentially and with 16 concurrent clients (tracking-bench.ts).
 */
import { sql } from "drizzle-orm";
import { runTrackingViewBench, trackingBase } from "./tracking-bench";

const DAYS = 1096;
const OTHERS = 200;
const CLIENT = "bench-tracked-trainee";
/** The tracked trainees (3 years each): the concurrent runs spread their requests over them. */
const TRACKED = 4;
const CLIENTS = Array.from({ length: TRACKED }, (_, k) => `${CLIENT}-${k + 1}`);

await runTrackingViewBench(import.meta.url, {
  id: "tracking_bench",
  clientIds: CLIENTS,
  async seed(db, studioId) {
    const entries = JSON.stringify(
      Array.from({ length: 6 }, (_, e) => ({
        exerciseId: `ex-${e}`,
        name: `Exercise ${e}`,
        sets: Array.from({ length: 4 }, () => ({ done: true, weight: 40 + e * 5, reps: 10, targetReps: 10 })),
      })),
    );
    const foods = JSON.stringify([
      { foodId: null, name: "Oats", qty: 60, kcal: 230, protein: 8, carbs: 40, fat: 4 },
      { foodId: null, name: "Milk", qty: 200, kcal: 120, protein: 6, carbs: 10, fat: 6 },
    ]);
    await db.execute(sql`
    insert into clients (id, studio_id, first_name, last_name, phone, timezone, weight_kg, goal_weight_kg, steps_goal, water_goal_ml)
    select case when g <= ${TRACKED} then ${CLIENT} || '-' || g else 'bench-other-' || g end, ${studioId}, 'Trainee', 'T' || g,
      '+97253' || lpad(g::text, 7, '0'), 'Asia/Jerusalem', 90, 75, 8000, 2500
    from generate_series(1, ${TRACKED + OTHERS}) g`);
    // Per trainee: days back from today (the tracked ones 3 years, the others 30 days).
    const days = sql`(select c.id as client_id, d, (current_date - d) as day
    from clients c cross join lateral generate_series(0, case when c.id like ${CLIENT + "-%"} then ${DAYS - 1} else 29 end) d
    where c.studio_id = ${studioId})`;
    await db.execute(sql`
    insert into daily_metrics (id, studio_id, client_id, date, steps, water_ml, measurements)
    select 'dm-' || client_id || '-' || d, ${studioId}, client_id, day, 5000 + (d * 37) % 6000, 1500 + (d * 13) % 1500,
      case when d % 7 = 0 then jsonb_build_object('waist', 90 - d / 100.0, 'chest', 100, 'arm', 30 + d / 200.0, 'neck', 38)
      else '{}'::jsonb end
    from ${days} x`);
    await db.execute(sql`
    insert into weight_entries (id, studio_id, client_id, weight_kg, recorded_at, source)
    select 'we-' || client_id || '-' || d, ${studioId}, client_id, 75 + d / 100.0 + (d % 5) / 10.0,
      (day + time '07:30') at time zone 'Asia/Jerusalem', case when d % 10 = 0 then 'coach' else 'app' end
    from ${days} x`);
    await db.execute(sql`
    insert into workout_logs (id, studio_id, client_id, day_id, label, performed_on, completed, entries, started_at, finished_at)
    select 'wl-' || client_id || '-' || d, ${studioId}, client_id, 'd' || (d % 4 + 1), 'Day', day, d % 6 <> 0, ${entries}::jsonb,
      (day + time '18:00') at time zone 'Asia/Jerusalem', (day + time '19:00') at time zone 'Asia/Jerusalem'
    from ${days} x where d % 2 = 0`);
    await db.execute(sql`
    insert into meal_logs (id, studio_id, client_id, consumed_at, day, source, items)
    select 'ml-' || client_id || '-' || d || '-' || m, ${studioId}, client_id,
      (day + make_time(8 + m * 5, 0, 0)) at time zone 'Asia/Jerusalem', day, 'FREE', ${foods}::jsonb
    from ${days} x cross join generate_series(0, 2) m`);
    await db.execute(sql`
    insert into nutrition_day_meals (id, studio_id, client_id, date, meal_id, status, items)
    select 'nm-' || client_id || '-' || d || '-' || m, ${studioId}, client_id, day, 'meal-' || m,
      case when m = 0 then 'eaten' else 'planned' end,
      jsonb_build_array(jsonb_build_object('itemId', 'i1', 'eaten', m = 1, 'qty', 100))
    from ${days} x cross join generate_series(0, 2) m`);
    await db.execute(sql`
    insert into custom_meals (id, studio_id, client_id, date, label, items)
    select 'cm-' || client_id || '-' || d, ${studioId}, client_id, day, 'Snack', ${foods}::jsonb
    from ${days} x where d % 3 = 0`);
    return [
      "clients",
      "daily_metrics",
      "weight_entries",
      "workout_logs",
      "meal_logs",
      "nutrition_day_meals",
      "custom_meals",
    ];
  },
  views() {
    const raw = (list: string) => (clientId: string, i: number) =>
      `/v1/web/tracking/${list}?clientId=${clientId}&pageSize=100&page=${1 + (i % 5)}`;
    return [
      { name: "GET /summary", path: (id) => `${trackingBase(id)}/summary` },
      { name: "GET /weight?range=7d", path: (id) => `${trackingBase(id)}/weight?range=7d` },
      { name: "GET /weight?range=30d", path: (id) => `${trackingBase(id)}/weight?range=30d` },
      { name: "GET /weight?range=3m", path: (id) => `${trackingBase(id)}/weight?range=3m` },
      { name: "GET raw daily-metrics (100 a page, pages 1-5)", path: raw("daily-metrics") },
      { name: "GET raw meal-logs (100 a page, pages 1-5)", path: raw("meal-logs") },
      { name: "GET raw workout-logs (100 a page, pages 1-5)", path: raw("workout-logs") },
    ];
  },
  title: (requests) =>
    `coach tracking views and raw lists of ${TRACKED} trainees with ${DAYS} days of daily data each (${OTHERS} other trainees in the studio), ${requests} sequential requests each (the first trainee)`,
});
