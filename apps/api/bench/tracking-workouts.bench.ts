/**
 * Coach workout views benchmark (document 2 "Workouts view", "Workout detail"; issue 14 target:
 * every view over 3 years of daily data for one trainee answers p99 under 100 ms): GET
 * /workouts (7d, 30d, 3m) and GET /workouts/:logId of /v1/web/clients/:id/tracking, signed like
 * the web app server signs them.
 *
 * `pnpm exec tsx bench/tracking-workouts.bench.ts` (also run by `pnpm bench`). The file is both
 * the driver (default) and the server (BENCH_ROLE=server: fresh PostgreSQL
 * database cloned from the migrated template, the real app on a loopback port). The seeded
 * trainees (4) each have 3 years (1,096 local days ending today) of one workout log a day (four day types
 * of one program, 6 exercises of 4 done sets with rising weights, every sixth log partial) and a
 * daily_metrics row a day, an active training plan and a device; 200 other trainees of the
 * studio hold a month of the same; every log's exercise bests are stored (BENCH_WORKOUT_BESTS=0:
 * left NULL, the views then read the baseline logs' entries). The driver times each view sequentially and with 16
 * concurrent clients (tracking-bench.ts).
 */
import { sql } from "drizzle-orm";
import { fillWorkoutLogBests } from "@studio/domain";
import { runTrackingViewBench, trackingBase } from "./tracking-bench";

const DAYS = 1096;
const OTHERS = 200;
const CLIENT = "bench-workouts-trainee";
/** The tracked trainees (3 years each): the concurrent runs spread their requests over them. */
const TRACKED = 4;
const CLIENTS = Array.from({ length: TRACKED }, (_, k) => `${CLIENT}-${k + 1}`);

await runTrackingViewBench(import.meta.url, {
  id: "tracking_workouts_bench",
  clientIds: CLIENTS,
  async seed(db, studioId) {
    await db.execute(sql`
    insert into clients (id, studio_id, first_name, last_name, phone, timezone, weight_kg, steps_goal)
    select case when g <= ${TRACKED} then ${CLIENT} || '-' || g else 'bench-other-' || g end, ${studioId}, 'Trainee', 'T' || g,
      '+97254' || lpad(g::text, 7, '0'), 'Asia/Jerusalem', 90, 8000
    from generate_series(1, ${TRACKED + OTHERS}) g`);
    // Per trainee: days back from today (the tracked ones 3 years, the others 30 days).
    const days = sql`(select c.id as client_id, d, (current_date - d) as day
    from clients c cross join lateral generate_series(0, case when c.id like ${CLIENT + "-%"} then ${DAYS - 1} else 29 end) d
    where c.studio_id = ${studioId})`;
    await db.execute(sql`
    insert into daily_metrics (id, studio_id, client_id, date, steps)
    select 'dm-' || client_id || '-' || d, ${studioId}, client_id, day, 5000 + (d * 37) % 6000
    from ${days} x`);
    // Weights rise over time (newer sessions set records); every sixth log is partial.
    await db.execute(sql`
    insert into workout_logs (id, studio_id, client_id, program_id, day_id, label, performed_on, completed, entries, started_at, finished_at)
    select 'wl-' || client_id || '-' || d, ${studioId}, client_id, 'bench-program-' || client_id, 'd' || (d % 4 + 1), 'Day ' || (d % 4 + 1),
      day, d % 6 <> 0,
      (select jsonb_agg(jsonb_build_object('exerciseId', 'ex-' || e, 'name', 'Exercise ' || e,
         'sets', (select jsonb_agg(jsonb_build_object('done', true, 'weight', 40 + e * 5 + (${DAYS} - d) / 20.0, 'reps', 8 + s, 'targetReps', 10))
                  from generate_series(0, 3) s)))
       from generate_series(0, 5) e),
      (day + time '18:00') at time zone 'Asia/Jerusalem', (day + time '19:00') at time zone 'Asia/Jerusalem'
    from ${days} x`);
    // The logs' stored exercise bests (issue 30 item 2), as the domain's writes store them;
    // BENCH_WORKOUT_BESTS=0 leaves them NULL, so the views read every baseline log's entries (the
    // read before the column, for a same-session comparison).
    if (process.env.BENCH_WORKOUT_BESTS !== "0")
      while ((await fillWorkoutLogBests(db, { limit: 2_000 })).filled > 0);
    await db.execute(sql`
    insert into programs (id, studio_id, client_id, type, name, status, content)
    select 'bench-program-' || c.id, ${studioId}, c.id, 'TRAINING', 'Plan', 'ACTIVE',
      '{"schemaVersion": 2, "meta": {"workoutsPerWeek": 4, "requirement": {"mode": "both", "stepsDaily": 9000}}, "days": [{"id": "d1"}, {"id": "d2"}, {"id": "d3"}, {"id": "d4"}]}'::jsonb
    from clients c where c.id like ${CLIENT + "-%"}`);
    await db.execute(sql`
    insert into push_tokens (id, studio_id, client_id, token, platform)
    select 'bench-token-' || c.id, ${studioId}, c.id, 'ExponentPushToken[' || c.id || ']', 'ios'
    from clients c where c.id like ${CLIENT + "-%"}`);
    return ["clients", "daily_metrics", "workout_logs", "programs", "push_tokens"];
  },
  views() {
    return [
      { name: "GET /workouts?range=7d", path: (id) => `${trackingBase(id)}/workouts?range=7d` },
      { name: "GET /workouts?range=30d", path: (id) => `${trackingBase(id)}/workouts?range=30d` },
      { name: "GET /workouts?range=3m", path: (id) => `${trackingBase(id)}/workouts?range=3m` },
      { name: "GET /workouts/:logId (today's)", path: (id) => `${trackingBase(id)}/workouts/wl-${id}-0` },
      {
        name: "GET /workouts/:logId (any day of 3 years)",
        path: (id, i) => `${trackingBase(id)}/workouts/wl-${id}-${(i * 37 + 365) % DAYS}`,
      },
    ];
  },
  title: (requests) =>
    `coach workout views of ${TRACKED} trainees with ${DAYS} days of daily workout logs (${OTHERS} other trainees in the studio), ${requests} sequential requests each (the first trainee)`,
});
