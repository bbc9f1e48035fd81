/**
 * Bulk assignment benchmark: POST /v1/web/program-templates/:id/assign-bulk with 500 trainee
 * ids (document 2's maximum), signed like the web app server signs it. Target: under 1 s.
 *
 * `pnpm exec tsx bench/program-assign-bulk.bench.ts` (also run by `pnpm bench`). Like the other
 * domain benches, the file is both the driver (default) and the server
 * (BENCH_ROLE=server through harness.spawnServer: fresh PostgreSQL database cloned from the
 * migrated template, 2,000 trainees with a push token each, seeded set-based, one COMBINED
 * template per timed request plus warm-up ones, the real app on a loopback port with the real job
 * queue, the bare handler alongside). The driver times REQUESTS (default 20) sequential requests
 * per run, each from send to the last byte of the answer (then 1,000 sequential requests to the
 * bare handler for the ratio column):
 * - new: a template nobody holds, so every request creates 500 programs, 500 activity rows,
 *   1,000 pushes (COMBINED: training and nutrition, all queued: every trainee has a device),
 *   1,000 delivery jobs and 500 plan-activated jobs (the worst case);
 * - again: the same 500 ids on a template they all hold (checks only, nothing created);
 * then new and again with 4 clients at once, each on its own templates and its own 500 trainees
 * (issue 30 item 4 target: p99 under 1 s), against the bare handler at 4 connections.
 */
import { signServiceRequest } from "@studio/auth";
import { BENCH_ENV } from "./bench-env";
import { concurrentClients } from "./concurrent-clients";
import {
  against,
  announce,
  benchSeconds,
  isServerRole,
  printLoadTable,
  sequentialRow,
  spawnServer,
  Yardstick,
} from "./harness";

const TRAINEES = 2_000;
const BULK = 500;
/** Issue 30 item 4: this many clients at once, each on its own templates and its own 500 trainees. */
const CLIENTS = 4;
/** REQUESTS, else 20 at the default BENCH_SECONDS (10), in proportion to a shorter one. */
const REQUESTS = Number(process.env.REQUESTS ?? Math.ceil((20 * benchSeconds()) / 10));
const WARM_UP = 3;
const USER = {
  "x-studio-id": "org_programs_bench",
  "x-user-id": "user_programs_bench",
  "x-user-role": "OWNER",
  "x-user-name": "Bench Owner",
};

const signed = (method: string, pathWithQuery: string, body = "") => ({
  ...signServiceRequest({
    secret: BENCH_ENV.SERVICE_AUTH_SECRET,
    serviceId: "web-app",
    method,
    pathWithQuery,
    body,
  }),
  ...USER,
  ...(body ? { "content-type": "application/json" } : {}),
});

/** A plan of realistic size: 4 days of 6 strength rows with 4 sets each (about 9 kB of JSON). */
function planContent() {
  const days = Array.from({ length: 4 }, (_, d) => ({
    id: `d${d + 1}`,
    label: `Day ${String.fromCharCode(65 + d)}`,
    rows: Array.from({ length: 6 }, (_, r) => ({
      id: `d${d + 1}r${r + 1}`,
      kind: "strength",
      exerciseId: null,
      name: `Exercise ${r + 1}`,
      notes: "keep the back straight, control the negative",
      sets: Array.from({ length: 4 }, (_, s) => ({ id: `s${s + 1}`, type: "work", reps: "8-10", rest: 90 })),
    })),
  }));
  return { schemaVersion: 2, meta: { workoutsPerWeek: 4 }, days };
}

async function serve(): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const { startBenchApp } = await import("./bench-app");
  const app = await startBenchApp();
  const studioRes = await fetch(`${app.url}/v1/web/studio`, { headers: signed("GET", "/v1/web/studio") });
  if (studioRes.status !== 200) throw new Error(`studio answered ${studioRes.status}`);
  const studioId = ((await studioRes.json()) as { data: { id: string } }).data.id;
  const db = app.pg.handle.db;
  await db.execute(sql`
    insert into clients (id, studio_id, first_name, last_name, phone)
    select 'bench-client-' || g, ${studioId}, 'Trainee', 'T' || g, '+97252' || lpad(g::text, 7, '0')
    from generate_series(1, ${TRAINEES}) g`);
  await db.execute(sql`
    insert into push_tokens (id, studio_id, client_id, token, platform)
    select 'bench-token-' || g, ${studioId}, 'bench-client-' || g, 'ExponentPushToken[bench' || g || ']', 'ios'
    from generate_series(1, ${TRAINEES}) g`);
  const content = JSON.stringify(planContent());
  await db.execute(sql`
    insert into program_templates (id, studio_id, type, name, display_name, content)
    select 'bench-template-' || g, ${studioId}, 'COMBINED', 'Bench plan ' || g, 'Your plan', ${content}::jsonb
    from generate_series(1, ${WARM_UP + REQUESTS + CLIENTS * REQUESTS + 1}) g`);
  await db.execute(sql`analyze clients`);
  await db.execute(sql`analyze push_tokens`);
  await announce(app, studioId);
}

async function drive(): Promise<void> {
  const server = await spawnServer(import.meta.url, { profileDir: "/tmp/prof-assign" });
  try {
    const { url } = server.info;
    /** Client k's 500 trainees (the sequential runs use client 0's). */
    const bodies = Array.from({ length: CLIENTS }, (_, k) =>
      JSON.stringify({
        clientIds: Array.from({ length: BULK }, (_, i) => `bench-client-${k * BULK + i + 1}`),
        startDate: "2026-12-01",
      }),
    );

    /** One request, timed from send to the last body byte; throws unless 201 with 500 entries. */
    const assign = async (template: number, expectCreated: boolean, body = bodies[0]!) => {
      const path = `/v1/web/program-templates/bench-template-${template}/assign-bulk`;
      const headers = signed("POST", path, body);
      const started = performance.now();
      const res = await fetch(url + path, { method: "POST", headers, body });
      const text = await res.text();
      const ms = performance.now() - started;
      const answer = JSON.parse(text) as { data?: { items: { created: boolean }[] } };
      const items = answer.data?.items ?? [];
      if (res.status !== 201 || items.length !== BULK || items.some((i) => i.created !== expectCreated))
        throw new Error(`assign-bulk answered ${res.status}: ${text.slice(0, 200)}`);
      return ms;
    };

    let template = 1;
    for (let i = 0; i < WARM_UP; i++) await assign(template++, true);
    const runs: { name: string; times: number[] }[] = [
      { name: `new: ${BULK} programs, activities, ${2 * BULK} pushes, ${3 * BULK} jobs`, times: [] },
      { name: `again: ${BULK} holders, nothing created`, times: [] },
    ];
    for (let i = 0; i < REQUESTS; i++) runs[0]!.times.push(await assign(template++, true));
    for (let i = 0; i < REQUESTS; i++) runs[1]!.times.push(await assign(template - 1, false));
    // CLIENTS clients at once, each on its own templates and trainees: new, then again.
    const firstConcurrent = template;
    const concurrent = [
      await concurrentClients(`new, ${CLIENTS} clients on ${CLIENTS} templates`, CLIENTS, REQUESTS, (k, i) =>
        assign(firstConcurrent + k * REQUESTS + i, true, bodies[k]),
      ),
      await concurrentClients(`again, ${CLIENTS} clients on ${CLIENTS} templates`, CLIENTS, REQUESTS, (k) =>
        assign(firstConcurrent + k * REQUESTS + REQUESTS - 1, false, bodies[k]),
      ),
    ];
    console.warn(
      `POST /v1/web/program-templates/:id/assign-bulk with ${BULK} trainee ids (${TRAINEES} trainees, each with a device; COMBINED template of ${(JSON.stringify(planContent()).length / 1e3).toFixed(1)} kB)`,
    );
    const yardstick = new Yardstick(server.info.bare);
    const bare = await yardstick.sequential();
    const bareConcurrent = await yardstick.concurrent(CLIENTS);
    printLoadTable([
      ...runs.map((run) => against(sequentialRow(run.name, run.times), bare)),
      bare,
      ...concurrent.map((row) => against(row, bareConcurrent)),
      bareConcurrent,
    ]);
  } finally {
    await server.stop();
  }
}

if (isServerRole()) await serve();
else await drive();
