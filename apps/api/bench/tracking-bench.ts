import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { Db } from "@studio/db";
import { signServiceRequest } from "@studio/auth";
import { BENCH_ENV } from "./bench-env";
import { printLatencyTable } from "./support";

/**
 * The shape every coach tracking view benchmark shares (issue 14 target: p99 under 100 ms over 3
 * years of one trainee's data): the file runs twice, as the driver (default) and as the server
 * (TRACKING_BENCH_ROLE=server: the real app on a fresh PostgreSQL database, seeded and analyzed).
 * The driver times REQUESTS (default 200) sequential signed GETs per view after 20 warm-ups,
 * each from send to the last body byte, and prints p50, p99 and max.
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

const REQUESTS = Number(process.env.REQUESTS ?? 200);
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
  process.stdout.write(`${JSON.stringify({ url: app.url })}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("disconnect", () => void stop());
}

async function drive(self: string, bench: TrackingViewBench): Promise<void> {
  const signed = signedAs(bench);
  const child = spawn(process.execPath, ["--import", "tsx", self], {
    env: { ...process.env, TRACKING_BENCH_ROLE: "server" },
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
    const views = bench.views(`/v1/web/clients/${bench.clientId}/tracking`);
    for (const view of views) for (let i = 0; i < WARM_UP; i++) await get(view.path);
    const runs = views.map((view) => ({ name: view.name, times: [] as number[] }));
    for (let i = 0; i < REQUESTS; i++)
      for (const [n, view] of views.entries()) runs[n]!.times.push(await get(view.path));
    console.warn(bench.title(REQUESTS));
    printLatencyTable(runs);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

/** Runs the bench in the role this process was started in (`self` = the bench file's import.meta.url). */
export async function runTrackingViewBench(self: string, bench: TrackingViewBench): Promise<void> {
  if (process.env.TRACKING_BENCH_ROLE === "server") await serve(bench);
  else await drive(fileURLToPath(self), bench);
}
