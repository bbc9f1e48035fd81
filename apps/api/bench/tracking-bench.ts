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
} from "./harness";

/**
 * The shape every coach tracking view benchmark shares (issue 14 target: p99 under 100 ms over 3
 * years of one trainee's data): the file runs twice, as the driver (default) and as the server
 * (BENCH_ROLE=server through harness.spawnServer: the real app on a fresh PostgreSQL database,
 * seeded and analyzed, with the bare handler alongside). The driver times REQUESTS (default 200)
 * sequential signed GETs per view after 20 warm-ups, each from send to the last body byte, then
 * 1,000 sequential requests to the bare handler, and prints req/s, p50, p99 and the ratio.
 */
export interface TrackingViewBench {
  /** Names the bench's organization (x-studio-id) and user. */
  id: string;
  /** The tracked trainee's id (the seed inserts it). */
  clientId: string;
  /** Inserts the data set with set-based SQL; answers the tables to analyze. */
  seed: (db: Db, studioId: string) => Promise<string[]>;
  /** The timed views, given /v1/web/clients/:clientId/tracking. */
  views: (base: string) => { name: string; path: string }[];
  /** The heading printed above the table. */
  title: (requests: number) => string;
}

/** REQUESTS, else 200 at the default BENCH_SECONDS (10), in proportion to a shorter one. */
const REQUESTS = Number(process.env.REQUESTS ?? Math.ceil((200 * benchSeconds()) / 10));
const WARM_UP = 20;

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
  await announce(app, studioId);
}

async function drive(self: string, bench: TrackingViewBench): Promise<void> {
  const signed = signedAs(bench);
  const server = await spawnServer(self);
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
    const views = bench.views(`/v1/web/clients/${bench.clientId}/tracking`);
    for (const view of views) for (let i = 0; i < WARM_UP; i++) await get(view.path);
    const runs = views.map((view) => ({ name: view.name, times: [] as number[] }));
    for (let i = 0; i < REQUESTS; i++)
      for (const [n, view] of views.entries()) runs[n]!.times.push(await get(view.path));
    const bare = await new Yardstick(server.info.bare).sequential();
    console.warn(bench.title(REQUESTS));
    printLoadTable([...runs.map((run) => against(sequentialRow(run.name, run.times), bare)), bare]);
  } finally {
    await server.stop();
  }
}

/** Runs the bench in the role this process was started in (`self` = the bench file's import.meta.url). */
export async function runTrackingViewBench(self: string, bench: TrackingViewBench): Promise<void> {
  if (isServerRole()) await serve(bench);
  else await drive(self, bench);
}
