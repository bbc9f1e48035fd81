/**
 * Scheduler benchmark: one scheduler tick (runSchedulerTick, every DueWork of DUE_WORK) over
 * 10,000 trainees in 100 studios, each with a push token, an ACTIVE training program whose first
 * day has a workout and an ACTIVE subscription, seeded set-based on a fresh PostgreSQL database
 * (cloned from the migrated template). Targets (issue 28): a tick where all 10,000 WORKOUT_REMINDER
 * pushes come due decides, records and enqueues them (real pg-boss queue, no worker) in < 2 s; a
 * tick with nothing due costs < 50 ms.
 *
 * `pnpm exec tsx bench/scheduler-tick.bench.ts` (also run by `pnpm bench`; BENCH_ONLY=scheduler).
 * Runs in this process: the tick is a job, not a request, so there is no server to spawn.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { DUE_WORK, runSchedulerTick, type DueWork, type PlatformJobScope } from "@studio/domain";
import { createWiredJobQueue } from "@studio/jobs";
import { silentLogger } from "@studio/observability";
import { setupPostgres } from "../test/support/global-setup";
import { freshPostgres } from "../test/support/databases";

const STUDIOS = 100;
const TRAINEES = 10_000;
const IDLE_RUNS = 20;

await setupPostgres();
const pg = await freshPostgres();
const db = pg.handle.db;
const jobs = createWiredJobQueue(pg.handle, { logger: silentLogger, now: () => new Date() });
await jobs.start();

try {
  const content = JSON.stringify({
    schemaVersion: 2,
    meta: {},
    days: [
      { id: "d1", label: "A", strength: [{ muscle: "legs", sets: [] }], cardioMinutes: "", stepsDaily: "" },
      { id: "d2", label: "B", strength: [], cardioMinutes: "", stepsDaily: "" },
    ],
  });
  const run = randomUUID().slice(0, 8);
  await db.execute(sql`
    insert into studios (id, name, slug, timezone)
    select 'st-' || g, 'Studio ' || g, ${run} || '-' || g, 'Asia/Jerusalem' from generate_series(1, ${STUDIOS}) g`);
  await db.execute(sql`
    insert into clients (id, studio_id, first_name, phone)
    select 'c-' || g, 'st-' || (g % ${STUDIOS} + 1), 'Trainee', '+9725' || lpad(g::text, 8, '0')
    from generate_series(1, ${TRAINEES}) g`);
  await db.execute(sql`
    insert into push_tokens (id, studio_id, client_id, token, platform)
    select 'pt-' || g, 'st-' || (g % ${STUDIOS} + 1), 'c-' || g, 'tok-' || g, 'ios' from generate_series(1, ${TRAINEES}) g`);
  await db.execute(sql`
    insert into programs (id, studio_id, client_id, type, name, status, start_date, content, created_at, updated_at)
    select 'p-' || g, 'st-' || (g % ${STUDIOS} + 1), 'c-' || g, 'TRAINING', 'Strength', 'ACTIVE', '2026-06-01',
      ${content}::jsonb, '2026-05-01', '2026-05-01'
    from generate_series(1, ${TRAINEES}) g`);
  await db.execute(sql`
    insert into plans (id, studio_id, name, duration_value, duration_unit)
    select 'pl-' || g, 'st-' || g, 'Gold', 12, 'MONTHS' from generate_series(1, ${STUDIOS}) g`);
  await db.execute(sql`
    insert into subscriptions (id, studio_id, client_id, plan_id, status, start_date, end_date, duration_value, duration_unit)
    select 's-' || g, 'st-' || (g % ${STUDIOS} + 1), 'c-' || g, 'pl-' || (g % ${STUDIOS} + 1), 'ACTIVE',
      '2026-01-01', '2026-12-31', 12, 'MONTHS'
    from generate_series(1, ${TRAINEES}) g`);
  await db.execute(sql`analyze`);

  // Every DueWork timed: the last tick's milliseconds per work.
  let spent: Record<string, number> = {};
  const timed: DueWork[] = DUE_WORK.map((work) => ({
    name: work.name,
    async run(...args) {
      const started = performance.now();
      try {
        return await work.run(...args);
      } finally {
        spent[work.name] = performance.now() - started;
      }
    },
  }));
  const tick = async (now: string) => {
    spent = {};
    const at = new Date(now);
    await db.execute(sql`delete from scheduler_state`);
    await db.execute(
      sql`insert into scheduler_state (id, last_tick_at) values ('tick', ${new Date(at.getTime() - 60_000).toISOString()}::timestamptz)`,
    );
    const scope: PlatformJobScope = {
      actor: { kind: "job", job: "scheduler-tick" },
      requestId: randomUUID(),
      now: at,
      logger: silentLogger,
      jobs,
    };
    const started = performance.now();
    const result = await runSchedulerTick(db, scope, { work: timed });
    return { ms: performance.now() - started, result, spent };
  };

  // Warm-up: an idle tick (plans, connections).
  await tick("2026-06-01T00:00:00Z");
  // 08:00 IDT on 2026-06-01 (a workout day for everyone): 10,000 WORKOUT_REMINDER pushes due.
  const busy = await tick("2026-06-01T05:00:00Z");
  const queued = await db.execute(sql`select count(*)::int as n from notifications where status = 'queued'`);
  const idle: number[] = [];
  const idleSpent: Record<string, number[]> = {};
  for (let i = 0; i < IDLE_RUNS; i++) {
    const run = await tick(`2026-06-02T00:${String(10 + i).padStart(2, "0")}:00Z`);
    idle.push(run.ms);
    for (const [name, ms] of Object.entries(run.spent)) (idleSpent[name] ??= []).push(ms);
  }
  idle.sort((a, b) => a - b);
  const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const workout = busy.result.results["workout-reminders"]!;
  console.log(`\nscheduler tick, ${TRAINEES.toLocaleString()} trainees in ${STUDIOS} studios`);
  console.log(
    `  busy tick: ${busy.ms.toFixed(0)} ms (target < 2000): ${workout.sent} sent, ${workout.skipped} skipped, ` +
      `${(queued as unknown as { n: number }[])[0]!.n} queued records`,
  );
  console.log(
    `  idle tick: median ${idle[Math.floor(IDLE_RUNS / 2)]!.toFixed(1)} ms, p90 ${idle[Math.floor(IDLE_RUNS * 0.9)]!.toFixed(1)} ms (target < 50)`,
  );
  console.log("  per DueWork, ms: busy tick / idle median");
  for (const { name } of DUE_WORK)
    console.log(
      `    ${name}: ${busy.spent[name]?.toFixed(1) ?? "-"} / ${idleSpent[name] ? medianOf(idleSpent[name]).toFixed(1) : "-"}`,
    );
} finally {
  await jobs.stop();
  await pg.drop();
}
