import { readdirSync, readFileSync } from "node:fs";
import type { Db } from "@studio/db";
import { signServiceRequest } from "@studio/auth";
import { BENCH_ENV } from "./bench-env";
import {
  against,
  announce,
  benchSeconds,
  isServerRole,
  printLoadTable,
  sequentialRow,
  spawnServer,
  Yardstick,
  type LoadRow,
} from "./harness";
import { hammer } from "./support";

/**
 * The shape every coach tracking view benchmark shares (issue 14 target: p99 under 100 ms over 3
 * years of one trainee's data; issue 30 item 2: the same with 16 concurrent clients): the file
 * runs twice, as the driver (default) and as the server (BENCH_ROLE=server through
 * harness.spawnServer: the real app on a fresh PostgreSQL database, seeded and analyzed, with the
 * bare handler alongside). The driver times, per view:
 * - sequential: REQUESTS (default 200) signed GETs one at a time after 20 warm-ups, each from send
 *   to the last body byte, on the first tracked trainee (the issue 14 figure);
 * - 16 concurrent: CONCURRENT_SECONDS (default 5) with 16 autocannon connections, request i
 *   on tracked trainee i mod TRACKED (each with 3 years of data) and the view's i-th variant
 *   (another day, another log), so no two neighbouring requests ask the same answer;
 * then the bare handler sequentially (1,000) and at 16 connections, and prints req/s, p50, p99,
 * the ratio, and the CPU each concurrent request cost the API process and PostgreSQL (the
 * bench database's backends, from /proc).
 */
export interface TrackingViewBench {
  /** Names the bench's organization (x-studio-id) and user. */
  id: string;
  /** The tracked trainees' ids (the seed inserts each with 3 years of data). */
  clientIds: string[];
  /** Inserts the data set with set-based SQL; answers the tables to analyze. */
  seed: (db: Db, studioId: string) => Promise<string[]>;
  /**
   * The timed views: `path(clientId, i)` is the i-th request's path and query (i varies the day,
   * log or page a view asks where it has one).
   */
  views: () => { name: string; path: (clientId: string, i: number) => string }[];
  /** The heading printed above the table. */
  title: (requests: number) => string;
}

/** REQUESTS, else 200 at the default BENCH_SECONDS (10), in proportion to a shorter one. */
const REQUESTS = Number(process.env.REQUESTS ?? Math.ceil((200 * benchSeconds()) / 10));
/**
 * Each concurrent run lasts CONCURRENT_SECONDS (default half of BENCH_SECONDS): autocannon's
 * `amount` mode ends on its 1-second tick, which quantized req/s (400 answers read as 100/s).
 */
const CONCURRENT_SECONDS = Number(process.env.CONCURRENT_SECONDS ?? Math.max(2, benchSeconds() / 2));
/** Signed requests prepared per view before its run (a faster view signs the rest as it sends). */
const PREPARED = 2_000;
const CONNECTIONS = 16;
const WARM_UP = 20;

/** The coach tracking routes' base path of a trainee. */
export const trackingBase = (clientId: string) => `/v1/web/clients/${clientId}/tracking`;

const signedAs = (bench: TrackingViewBench) => (method: string, pathWithQuery: string) => ({
  ...signServiceRequest({
    secret: BENCH_ENV.SERVICE_AUTH_SECRET,
    serviceId: "web-app",
    method,
    pathWithQuery,
    body: "",
  }),
  "x-studio-id": `org_${bench.id}`,
  "x-user-id": `user_${bench.id}`,
  "x-user-role": "OWNER",
  "x-user-name": "Bench Owner",
});

/**
 * CPU time (user + system, µs) of each PostgreSQL backend serving `database`, from /proc (the
 * process title names the database: "postgres: user database host(port) state").
 */
function backendCpuMicros(database: string): Map<string, number> {
  const micros = new Map<string, number>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!title.startsWith("postgres: ") || !title.includes(` ${database} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      micros.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return micros;
}

/** The CPU the database's backends spent since `before` (backends that started since count whole). */
const backendCpuSince = (database: string, before: Map<string, number>) =>
  [...backendCpuMicros(database)].reduce((sum, [pid, micros]) => sum + micros - (before.get(pid) ?? 0), 0);

async function serve(bench: TrackingViewBench): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const { startBenchApp } = await import("./bench-app");
  const signed = signedAs(bench);
  const app = await startBenchApp();
  const studioRes = await fetch(`${app.url}/v1/web/studio`, { headers: signed("GET", "/v1/web/studio") });
  if (studioRes.status !== 200) throw new Error(`studio answered ${studioRes.status}`);
  const studioId = ((await studioRes.json()) as { data: { id: string } }).data.id;
  const db = app.pg.handle.db;
  for (const table of await bench.seed(db, studioId)) await db.execute(sql.raw(`analyze ${table}`));
  await announce(app, studioId, { extra: { database: new URL(app.pg.url).pathname.slice(1) } });
}

async function drive(self: string, bench: TrackingViewBench): Promise<void> {
  const signed = signedAs(bench);
  const server = await spawnServer<{ database: string }>(self, { profileDir: "/tmp/prof-tracking" });
  try {
    const { url } = server.info;
    /** One request, timed from send to the last body byte; throws unless 200. */
    const get = async (path: string) => {
      const started = performance.now();
      const res = await fetch(url + path, { headers: signed("GET", path) });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
      return ms;
    };
    const views = bench.views();
    const first = bench.clientIds[0]!;
    for (const view of views) for (let i = 0; i < WARM_UP; i++) await get(view.path(first, i));
    const runs = views.map((view) => ({ name: view.name, times: [] as number[] }));
    for (let i = 0; i < REQUESTS; i++)
      for (const [n, view] of views.entries()) runs[n]!.times.push(await get(view.path(first, i)));

    const concurrent: LoadRow[] = [];
    const cpu: string[] = [];
    for (const view of views) {
      // Signed before the timed run (the driver shares the 2 cores with the server).
      const requestOf = (i: number) => {
        const path = view.path(bench.clientIds[i % bench.clientIds.length]!, i);
        return { path, headers: signed("GET", path) };
      };
      const requests = Array.from({ length: PREPARED }, (_, i) => requestOf(i));
      let next = 0;
      // Every nonce is used once: past the prepared ones, each request is signed when sent.
      const requestFor = () => {
        const i = next++;
        return i < requests.length ? requests[i]! : requestOf(i);
      };
      await hammer("warm-up", url, requests[0]!.path, {
        amount: CONNECTIONS * 2,
        connections: CONNECTIONS,
        requestFor,
      });
      const apiBefore = await server.cpuMicros();
      const pgBefore = backendCpuMicros(server.info.database);
      const row = await hammer(`${view.name}, ${CONNECTIONS} concurrent`, url, requests[0]!.path, {
        seconds: CONCURRENT_SECONDS,
        connections: CONNECTIONS,
        requestFor,
      });
      const pg = backendCpuSince(server.info.database, pgBefore) / row.requests / 1000;
      const api = ((await server.cpuMicros()) - apiBefore) / row.requests / 1000;
      concurrent.push(row);
      cpu.push(`| ${view.name} | ${api.toFixed(1)} | ${pg.toFixed(1)} | ${(api + pg).toFixed(1)} |`);
    }
    const yardstick = new Yardstick(server.info.bare);
    const bare = await yardstick.sequential();
    const bare16 = await yardstick.concurrent(CONNECTIONS);
    console.warn(bench.title(REQUESTS));
    printLoadTable([
      ...runs.map((run) => against(sequentialRow(run.name, run.times), bare)),
      bare,
      ...concurrent.map((row) => against(row, bare16)),
      bare16,
    ]);
    console.warn(
      `CPU per request at ${CONNECTIONS} concurrent (${CONCURRENT_SECONDS} s per view over ${bench.clientIds.length} trainees), ms:`,
    );
    console.warn("| view | API | PostgreSQL | total |");
    console.warn("|---|---|---|---|");
    for (const line of cpu) console.warn(line);
  } finally {
    await server.stop();
  }
}

/** Runs the bench in the role this process was started in (`self` = the bench file's import.meta.url). */
export async function runTrackingViewBench(self: string, bench: TrackingViewBench): Promise<void> {
  if (isServerRole()) await serve(bench);
  else await drive(self, bench);
}
