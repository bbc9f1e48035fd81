/**
 * Coach nutrition views benchmark (document 2 "Nutrition view", "Day detail"; issue 14 target:
 * every view over 3 years of daily data for one trainee answers p99 under 100 ms): GET
 * /nutrition (7d, 30d, 3m: two 62-day chunks and the previous span, four source reads), GET
 * /nutrition/:date and GET /nutrition/insight (no model configured) of
 * /v1/web/clients/:id/tracking, signed like the web app server signs them.
 *
 * `pnpm exec tsx bench/tracking-nutrition.bench.ts` (also run by `pnpm bench`). The file is both
 * the driver (default) and the server (BENCH_ROLE=server: fresh PostgreSQL
 * database cloned from the migrated template, the real app on a loopback port). The seeded
 * trainees (4) each have 3 years (1,096 local days ending today) of four plan-meal snapshots, two free meal
 * logs and every third day a custom meal mirroring one of them, an active 3-day nutrition plan
 * over system foods with studio overrides; 200 other trainees of the studio hold a month of the
 * same. The driver times each view sequentially and with 16 concurrent clients
 * (tracking-bench.ts).
 */
import { sql } from "drizzle-orm";
import { runTrackingViewBench, trackingBase } from "./tracking-bench";

const DAYS = 1096;
const OTHERS = 200;
const CLIENT = "bench-nutrition-trainee";
/** The tracked trainees (3 years each): the concurrent runs spread their requests over them. */
const TRACKED = 4;
const CLIENTS = Array.from({ length: TRACKED }, (_, k) => `${CLIENT}-${k + 1}`);

await runTrackingViewBench(import.meta.url, {
  id: "tracking_nutrition_bench",
  clientIds: CLIENTS,
  async seed(db, studioId) {
    await db.execute(sql`
    insert into clients (id, studio_id, first_name, last_name, phone, timezone, weight_kg)
    select case when g <= ${TRACKED} then ${CLIENT} || '-' || g else 'bench-other-' || g end, ${studioId}, 'Trainee', 'T' || g,
      '+97255' || lpad(g::text, 7, '0'), 'Asia/Jerusalem', 80
    from generate_series(1, ${TRACKED + OTHERS}) g`);
    // Twelve system foods (seeded by migration 0010), four of them overridden by the studio.
    const foodRows = (await db.execute(
      sql`select id from foods where studio_id is null order by id limit 12`,
    )) as unknown as { id: string }[];
    const foodIds = foodRows.map((r) => r.id);
    if (foodIds.length < 12) throw new Error("the system foods are missing");
    for (const foodId of foodIds.slice(0, 4))
      await db.execute(
        sql`insert into food_overrides (id, studio_id, food_id, kcal) values (${"bench-ov-" + foodId}, ${studioId}, ${foodId}, 123)`,
      );
    // The plan: 3 days of 4 meals (breakfast, lunch, pre, dinner) of 3 items each.
    const types = ["breakfast", "lunch", "pre", "dinner"];
    const content = {
      schemaVersion: 1,
      days: [0, 1, 2].map((d) => ({
        id: `nd${d + 1}`,
        targets: { kcal: 2000 + d * 100, protein: 150, carbs: 200, fat: 60, water: 3 },
        meals: types.map((type, m) => ({
          id: `m${d}${m}`,
          type,
          label: type,
          items: [0, 1, 2].map((i) => ({
            id: `i${d}${m}${i}`,
            foodId: foodIds[(d * 4 + m + i) % 12],
            qty: "100",
          })),
        })),
      })),
    };
    await db.execute(sql`
    insert into programs (id, studio_id, client_id, type, name, status, content)
    select 'bench-nutrition-' || c.id, ${studioId}, c.id,
      'NUTRITION', 'Plan', 'ACTIVE', ${JSON.stringify(content)}::jsonb
    from clients c where c.studio_id = ${studioId}`);
    // Per trainee: days back from today (the tracked ones 3 years, the others 30 days).
    const days = sql`(select c.id as client_id, d, (current_date - d) as day
    from clients c cross join lateral generate_series(0, case when c.id like ${CLIENT + "-%"} then ${DAYS - 1} else 29 end) d
    where c.studio_id = ${studioId})`;
    // Four plan-meal snapshots a day: eaten with item states, eatenOutside, replaced with an added food, removed.
    await db.execute(sql`
    insert into nutrition_day_meals (id, studio_id, client_id, date, meal_id, program_id, status, replacement_name, items, added_items)
    select 'ndm-' || client_id || '-' || d || '-' || m, ${studioId}, client_id, day,
      'm' || (((day - current_date) % 3 + 3) % 3) || m, 'bench-nutrition',
      (array['eaten','eatenOutside','replaced','removed'])[m + 1],
      case when m = 2 then 'Shake' else null end,
      jsonb_build_array(jsonb_build_object('itemId', 'x', 'eaten', true, 'qty', 120, 'swapFoodId', null)),
      case when m = 2 then jsonb_build_array(jsonb_build_object('foodId', ${foodIds[5]}::text, 'qty', 80)) else '[]'::jsonb end
    from ${days} x cross join generate_series(0, 3) m`);
    // Two free meal logs a day; every third day one of them is mirrored by a custom meal.
    await db.execute(sql`
    insert into meal_logs (id, studio_id, client_id, consumed_at, day, source, items)
    select 'ml-' || client_id || '-' || d || '-' || k, ${studioId}, client_id,
      (day + (case when k = 0 then time '09:30' else time '20:15' end)) at time zone 'Asia/Jerusalem', day, 'FREE',
      jsonb_build_array(
        jsonb_build_object('foodId', (array[${foodIds[6]}::text, ${foodIds[7]}::text])[k + 1], 'name', 'Food', 'qty', 150, 'kcal', null, 'protein', null, 'carbs', null, 'fat', null),
        jsonb_build_object('foodId', null, 'name', 'Coffee', 'qty', 200, 'kcal', 40, 'protein', 2, 'carbs', 4, 'fat', 1.5))
    from ${days} x cross join generate_series(0, 1) k`);
    await db.execute(sql`
    insert into custom_meals (id, studio_id, client_id, date, label, items, meal_log_id)
    select 'cm-' || client_id || '-' || d, ${studioId}, client_id, day, 'Dinner out',
      jsonb_build_array(jsonb_build_object('foodId', null, 'name', 'Pasta', 'qty', 300, 'kcal', 600, 'protein', 20, 'carbs', 90, 'fat', 15)),
      'ml-' || client_id || '-' || d || '-1'
    from ${days} x where d % 3 = 0`);
    return [
      "clients",
      "programs",
      "nutrition_day_meals",
      "meal_logs",
      "custom_meals",
      "foods",
      "food_overrides",
    ];
  },
  views() {
    /** The i-th request's day: spread over the 3 years (today back to 1,095 days ago). */
    const dayOf = (i: number) =>
      new Date(Date.now() - ((i * 37) % DAYS) * 86_400_000).toISOString().slice(0, 10);
    return [
      { name: "GET /nutrition?range=7d", path: (id) => `${trackingBase(id)}/nutrition?range=7d` },
      { name: "GET /nutrition?range=30d", path: (id) => `${trackingBase(id)}/nutrition?range=30d` },
      { name: "GET /nutrition?range=3m", path: (id) => `${trackingBase(id)}/nutrition?range=3m` },
      {
        name: "GET /nutrition/:date (any day of 3 years)",
        path: (id, i) => `${trackingBase(id)}/nutrition/${dayOf(i)}`,
      },
      {
        name: "GET /nutrition/insight?range=3m (no model)",
        path: (id) => `${trackingBase(id)}/nutrition/insight?range=3m`,
      },
    ];
  },
  title: (requests) =>
    `coach nutrition views of ${TRACKED} trainees with ${DAYS} days of meals (4 plan-meal snapshots, 2 meal logs a day, a mirrored custom meal every third day) (${OTHERS} other trainees in the studio), ${requests} sequential requests each (the first trainee)`,
});
