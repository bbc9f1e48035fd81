/**
 * CRM board benchmark: GET /v1/web/crm/board of a studio with 10,000 leads, 20 statuses and
 * 50,000 activities, signed like the web app server signs it.
 *
 * `pnpm exec tsx bench/crm-board.bench.ts` (also run by `pnpm bench`). The file plays two
 * roles: the driver (default) spawns itself as the server (CRM_BENCH_ROLE=server: fresh
 * PostgreSQL database cloned from the migrated template, set-based seed, the real app on a
 * loopback port) so the load generator does not share the server's event loop, then measures
 * REQUESTS (default 200) sequential requests and the same number with 4 concurrent
 * connections, unfiltered and with a search filter, and prints p50/p99.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { signServiceRequest } from "@studio/auth";
import { BENCH_ENV } from "./bench-env";
import { percentile } from "./support";

const LEADS = 10_000;
const STATUSES = 20;
const ACTIVITIES_PER_LEAD = 5;
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const CRM_USER = {
  "x-studio-id": "org_crm_bench",
  "x-user-id": "user_crm_bench",
  "x-user-role": "OWNER",
  "x-user-name": "Bench Owner",
};

const signedGet = (pathWithQuery: string) => ({
  ...signServiceRequest({
    secret: BENCH_ENV.SERVICE_AUTH_SECRET,
    serviceId: "web-app",
    method: "GET",
    pathWithQuery,
  }),
  ...CRM_USER,
});

async function serve(): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const { startBenchApp } = await import("./bench-app");
  const app = await startBenchApp();
  const server = { url: app.url };
  const pg = app.pg;

  // The first board read creates the studio, the owner's Coach row and the six built-ins.
  const first = await fetch(`${server.url}/v1/web/crm/board`, { headers: signedGet("/v1/web/crm/board") });
  if (first.status !== 200) throw new Error(`seed board read answered ${first.status}`);
  const db = pg.handle.db;
  const [studio] = (await db.execute(
    sql`select id from studios where organization_id = ${CRM_USER["x-studio-id"]}`,
  )) as unknown as { id: string }[];
  const studioId = studio!.id;
  await db.execute(sql`
    insert into lead_statuses (id, studio_id, key, label, color, locked, sort_order)
    select 'bench-status-' || g, ${studioId}, null, 'Custom ' || g, '#' || lpad(to_hex(g * 4000), 6, '0'), false, 6 + g
    from generate_series(1, ${STATUSES - 6}) g`);
  await db.execute(sql`
    with s as (select array_agg(id order by sort_order) ids from lead_statuses where studio_id = ${studioId}),
         c as (select id from coaches where studio_id = ${studioId} limit 1)
    insert into leads (id, studio_id, name, phone, email, business, city, source, owner_coach_id, value_agorot, status_id,
                       lost_reason, remind_at, created_at, updated_at)
    select 'bench-lead-' || g, ${studioId},
           'Lead ' || g || ' ' || (array['Cohen','Levi','Mizrahi','Peretz','Biton','Friedman','Azulay','Katz'])[g % 8 + 1],
           '05' || lpad((g * 7919 % 100000000)::text, 8, '0'),
           case when g % 3 = 0 then null else 'lead' || g || '@example.com' end,
           case when g % 4 = 0 then 'Studio ' || g else null end,
           (array['Tel Aviv','Haifa','Jerusalem','Ramat Gan','Eilat'])[g % 5 + 1],
           (array['SITE','INSTAGRAM','FACEBOOK','GOOGLE','REFERRAL','WHATSAPP'])[g % 6 + 1],
           case when g % 2 = 0 then (select id from c) else null end,
           case when g % 5 = 0 then null else g * 100 end,
           s.ids[g % ${STATUSES} + 1],
           null,
           case when g % 10 = 0 then now() + ((g % 30 - 15) || ' days')::interval else null end,
           now() - (g || ' minutes')::interval,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${LEADS}) g, s`);
  await db.execute(sql`
    insert into lead_activities (id, studio_id, lead_id, type, data, created_at)
    select 'bench-act-' || g || '-' || k, ${studioId}, 'bench-lead-' || g,
           (array['created','status_changed','note_added','reminder_set','duplicated'])[k], null,
           now() - (g || ' minutes')::interval + (k || ' seconds')::interval
    from generate_series(1, ${LEADS}) g, generate_series(1, ${ACTIVITIES_PER_LEAD}) k`);
  await db.execute(sql`analyze lead_statuses`);
  await db.execute(sql`analyze leads`);
  await db.execute(sql`analyze lead_activities`);

  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("disconnect", () => void stop());
}

async function drive(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/crm-prof"] : []),
      "--import",
      "tsx",
      self,
    ],
    {
      env: { ...process.env, CRM_BENCH_ROLE: "server" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  try {
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`crm bench server exited with ${code}`)));
      createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
    });
    const paths = { unfiltered: "/v1/web/crm/board", search: "/v1/web/crm/board?search=cohen" };
    const sizes: string[] = [];
    for (const [name, path] of Object.entries(paths)) {
      const res = await fetch(url + path, { headers: signedGet(path) });
      const body = (await res.json()) as { data: { leads: unknown[]; statuses: unknown[] } };
      sizes.push(
        `${name}: ${body.data.leads.length} leads, ${body.data.statuses.length} statuses, ${(JSON.stringify(body).length / 1e6).toFixed(2)} MB`,
      );
    }
    // Warm-up (JIT, connection pool, plan cache).
    await sequential(url, paths.unfiltered, 20);
    await sequential(url, paths.search, 20);

    const rows = [
      { name: "board, unfiltered, sequential", ...(await sequential(url, paths.unfiltered, REQUESTS)) },
      { name: "board, unfiltered, 4 concurrent", ...(await concurrent(url, paths.unfiltered, REQUESTS, 4)) },
      { name: "board, search=cohen, sequential", ...(await sequential(url, paths.search, REQUESTS)) },
      { name: "board, search=cohen, 4 concurrent", ...(await concurrent(url, paths.search, REQUESTS, 4)) },
    ];
    console.warn(
      `CRM board: ${LEADS} leads, ${STATUSES} statuses, ${LEADS * ACTIVITIES_PER_LEAD} activities (${sizes.join("; ")})`,
    );
    console.warn("| run | requests | p50 ms | p99 ms | non-2xx |");
    console.warn("|---|---|---|---|---|");
    for (const r of rows) console.warn(`| ${r.name} | ${r.requests} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

/** One request at a time, each timed from send to the last body byte. */
async function sequential(url: string, path: string, requests: number) {
  const times: number[] = [];
  let non2xx = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await fetch(url + path, { headers: signedGet(path) });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status < 200 || res.status > 299) non2xx += 1;
  }
  times.sort((a, b) => a - b);
  return { requests, p50: percentile(times, 50).toFixed(1), p99: percentile(times, 99).toFixed(1), non2xx };
}

/** autocannon with `connections` connections until `requests` answers, a fresh signature per request. */
async function concurrent(url: string, path: string, requests: number, connections: number) {
  const result = await autocannon({
    url: url + path,
    connections,
    amount: requests,
    requests: [
      {
        method: "GET",
        path,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...signedGet(path) } }),
      },
    ],
  });
  return {
    requests: result.requests.total,
    p50: String(result.latency.p50),
    p99: String(result.latency.p99),
    non2xx: result.non2xx,
  };
}

if (process.env.CRM_BENCH_ROLE === "server") await serve();
else await drive();
