/**
 * Coach workout views benchmark (document 2 "Workouts view", "Workout detail"; issue 14 target:
 * every view over 3 years of daily data for one trainee answers p99 under 100 ms): GET
 * /workouts (7d, 30d, 3m) and GET /workouts/:logId of /v1/web/clients/:id/tracking, signed like
 * the web app server signs them.
 *
 * `pnpm exec tsx bench/tracking-workouts.bench.ts` (also run by `pnpm bench`). The file is both
 * the driver (default) and the server (TRACKING_WORKOUTS_BENCH_ROLE=server: fresh PostgreSQL
 * database cloned from the migrated template, the real app on a loopback port). The seeded
 * trainee has 3 years (1,096 local days ending today) of one workout log a day (four day types
 * of one program, 6 exercises of 4 done sets with rising weights, every sixth log partial) and a
 * daily_metrics row a day, an active training plan and a device; 200 other trainees of the
 * studio hold a month of the same. The driver times REQUESTS (default 200) sequential requests
 * per view, each from send to the last byte.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { signServiceRequest } from "@studio/auth";
import { BENCH_ENV } from "./bench-env";
import { printLatencyTable } from "./support";

const DAYS = 1096;
const OTHERS = 200;
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARM_UP = 20;
const CLIENT = "bench-workouts-trainee";
const USER = {
  "x-studio-id": "org_tracking_workouts_bench",
  "x-user-id": "user_tracking_workouts_bench",
  "x-user-role": "OWNER",
  "x-user-name": "Bench Owner",
};

const signed = (method: string, pathWithQuery: string) => ({
  ...signServiceRequest({
    secret: BENCH_ENV.SERVICE_AUTH_SECRET,
    serviceId: "web-app",
    method,
    pathWithQuery,
    body: "",
  }),
  ...USER,
});

async function serve(): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const { startBenchApp } = await import("./bench-app");
  const app = await startBenchApp();
  const studioRes = await fetch(`${app.url}/v1/web/studio`, { headers: signed("GET", "/v1/web/studio") });
  if (studioRes.status !== 200) throw new Error(`studio answered ${studioRes.status}`);
  const studioId = ((await studioRes.json()) as { data: { id: string } }).data.id;
  const db = app.pg.handle.db;
  await db.execute(sql`
    insert into clients (id, studio_id, first_name, last_name, phone, timezone, weight_kg, steps_goal)
    select case when g = 0 then ${CLIENT} else 'bench-other-' || g end, ${studioId}, 'Trainee', 'T' || g,
      '+97254' || lpad(g::text, 7, '0'), 'Asia/Jerusalem', 90, 8000
    from generate_series(0, ${OTHERS}) g`);
  // Per trainee: days back from today (the tracked one 3 years, the others 30 days).
  const days = sql`(select c.id as client_id, d, (current_date - d) as day
    from clients c cross join lateral generate_series(0, case when c.id = ${CLIENT} then ${DAYS - 1} else 29 end) d
    where c.studio_id = ${studioId})`;
  await db.execute(sql`
    insert into daily_metrics (id, studio_id, client_id, date, steps)
    select 'dm-' || client_id || '-' || d, ${studioId}, client_id, day, 5000 + (d * 37) % 6000
    from ${days} x`);
  // Weights rise over time (newer sessions set records); every sixth log is partial.
  await db.execute(sql`
    insert into workout_logs (id, studio_id, client_id, program_id, day_id, label, performed_on, completed, entries, started_at, finished_at)
    select 'wl-' || client_id || '-' || d, ${studioId}, client_id, 'bench-program', 'd' || (d % 4 + 1), 'Day ' || (d % 4 + 1),
      day, d % 6 <> 0,
      (select jsonb_agg(jsonb_build_object('exerciseId', 'ex-' || e, 'name', 'Exercise ' || e,
         'sets', (select jsonb_agg(jsonb_build_object('done', true, 'weight', 40 + e * 5 + (${DAYS} - d) / 20.0, 'reps', 8 + s, 'targetReps', 10))
                  from generate_series(0, 3) s)))
       from generate_series(0, 5) e),
      (day + time '18:00') at time zone 'Asia/Jerusalem', (day + time '19:00') at time zone 'Asia/Jerusalem'
    from ${days} x`);
  await db.execute(sql`
    insert into programs (id, studio_id, client_id, type, name, status, content)
    values ('bench-program', ${studioId}, ${CLIENT}, 'TRAINING', 'Plan', 'ACTIVE',
      '{"schemaVersion": 2, "meta": {"workoutsPerWeek": 4, "requirement": {"mode": "both", "stepsDaily": 9000}}, "days": [{"id": "d1"}, {"id": "d2"}, {"id": "d3"}, {"id": "d4"}]}'::jsonb)`);
  await db.execute(sql`
    insert into push_tokens (id, studio_id, client_id, token, platform)
    values ('bench-token', ${studioId}, ${CLIENT}, 'ExponentPushToken[bench]', 'ios')`);
  for (const table of ["clients", "daily_metrics", "workout_logs", "programs", "push_tokens"])
    await db.execute(sql.raw(`analyze ${table}`));
  process.stdout.write(`${JSON.stringify({ url: app.url })}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("disconnect", () => void stop());
}

async function drive(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ["--import", "tsx", self], {
    env: { ...process.env, TRACKING_WORKOUTS_BENCH_ROLE: "server" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`tracking bench server exited with ${code}`)));
      createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
    });
    /** One request, timed from send to the last body byte; throws unless 200. */
    const get = async (path: string) => {
      const started = performance.now();
      const res = await fetch(url + path, { headers: signed("GET", path) });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
      return ms;
    };
    const base = `/v1/web/clients/${CLIENT}/tracking`;
    const views = [
      { name: "GET /workouts?range=7d", path: `${base}/workouts?range=7d` },
      { name: "GET /workouts?range=30d", path: `${base}/workouts?range=30d` },
      { name: "GET /workouts?range=3m", path: `${base}/workouts?range=3m` },
      { name: "GET /workouts/:logId (today's)", path: `${base}/workouts/wl-${CLIENT}-0` },
      { name: "GET /workouts/:logId (a year ago)", path: `${base}/workouts/wl-${CLIENT}-365` },
    ];
    for (const view of views) for (let i = 0; i < WARM_UP; i++) await get(view.path);
    const runs = views.map((view) => ({ name: view.name, times: [] as number[] }));
    for (let i = 0; i < REQUESTS; i++)
      for (const [n, view] of views.entries()) runs[n]!.times.push(await get(view.path));
    console.warn(
      `coach workout views of one trainee with ${DAYS} days of daily workout logs (${OTHERS} other trainees in the studio), ${REQUESTS} sequential requests each`,
    );
    printLatencyTable(runs);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

if (process.env.TRACKING_WORKOUTS_BENCH_ROLE === "server") await serve();
else await drive();
