/**
 * What every benchmark shares (issue 16): one way to start a bench's server process, and one
 * yardstick. Each bench file plays two roles: the driver (default) spawns the file again as its
 * server (BENCH_ROLE=server), so the load generator never shares the server's event loop. The
 * server process runs the real app AND the bare Hono + postgres.js handler
 * (`select … from studios where id = $1` on the same database, pool of 10), plus a small probe
 * port answering the process's memory. The driver measures the bare handler in the same mode as
 * each of its rows (the same sequential client, or autocannon with the same connections), so
 * every row's ratio compares the two in the same process setup, in the same run.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import postgres from "postgres";
import type { startBenchApp } from "./bench-app";
import { hammer, listen, percentile, type BenchResult } from "./support";

/** BENCH_SECONDS: the length of each timed autocannon run (default 10). */
export const benchSeconds = () => Number(process.env.BENCH_SECONDS ?? 10);

export const isServerRole = () => process.env.BENCH_ROLE === "server";

/** What every bench server announces: the app, the bare handler and the memory probe. */
export interface ServerInfo {
  url: string;
  bare: string;
  probe: string;
  studioId: string;
}

export interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export interface MemoryReport {
  now: MemorySample;
  /** The largest values sampled (every 20 ms) since the last reset. */
  peak: MemorySample;
}

export interface SpawnedServer<T> {
  info: ServerInfo & T;
  pid: number;
  /** GET a JSON answer from the server's probe port. */
  probe<R>(path: string, init?: RequestInit): Promise<R>;
  memory(): Promise<MemoryReport>;
  /** A full GC first (the server must run with --expose-gc), then the memory. */
  memoryAfterGc(): Promise<MemoryReport>;
  /** The server process's user + system CPU time so far, µs. */
  cpuMicros(): Promise<number>;
  /** Resets the peak and samples from now on. */
  resetPeak(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The server runs what production runs: `self` bundled the way tsup.config.ts bundles
 * dist/main.js (the workspace packages compiled in, third-party packages loaded from
 * node_modules), into apps/api/.bench-dist. Under tsx (BENCH_TSX=1) every function the app
 * creates per request also goes through esbuild's keepNames helper (`__name`, ~2% of the
 * signed web GET's CPU), a cost the built API does not pay.
 */
async function serverEntry(file: string): Promise<string[]> {
  if (process.env.BENCH_TSX) return ["--import", "tsx", file];
  const { build } = await import("tsup");
  const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".bench-dist");
  const name = path.basename(file).replace(/\.ts$/, "");
  await build({
    // These options alone (tsup would otherwise merge the tsup.config.ts of the working directory).
    config: false,
    entry: { [name]: file },
    format: ["esm"],
    target: "node20",
    platform: "node",
    splitting: false,
    clean: false,
    silent: true,
    outDir,
    outExtension: () => ({ js: ".mjs" }),
    noExternal: [/^@studio\//],
    // Every other bare import stays a package of node_modules (what tsup.config.ts does by
    // listing them as dependencies).
    external: [/^(?!@studio\/)[^./]/],
  });
  return [path.join(outDir, `${name}.mjs`)];
}

/**
 * Driver side: starts `self` (a bench file's import.meta.url, or a path) as its server, built
 * (serverEntry), and waits for its announcement line. BENCH_PROFILE=1 writes the server's CPU
 * profile to `profileDir`.
 */
export async function spawnServer<T = object>(
  self: string,
  options: { env?: Record<string, string>; profileDir?: string; nodeArgs?: string[] } = {},
): Promise<SpawnedServer<T>> {
  const file = self.startsWith("file:") ? fileURLToPath(self) : self;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE && options.profileDir
        ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`]
        : []),
      ...(options.nodeArgs ?? []),
      ...(await serverEntry(file)),
    ],
    {
      env: { ...process.env, ...options.env, BENCH_ROLE: "server" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let info: ServerInfo & T;
  try {
    info = await new Promise<ServerInfo & T>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`bench server ${file} exited with ${code}`)));
      createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
    });
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  const probe = async <R>(path: string, init?: RequestInit) => {
    const res = await fetch(info.probe + path, init);
    if (!res.ok) throw new Error(`probe ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as R;
  };
  return {
    info,
    pid: child.pid!,
    probe,
    memory: () => probe<MemoryReport>("/memory"),
    memoryAfterGc: () => probe<MemoryReport>("/memory/gc", { method: "POST" }),
    cpuMicros: async () => {
      const { user, system } = await probe<{ user: number; system: number }>("/cpu");
      return user + system;
    },
    resetPeak: async () => {
      await probe("/memory/reset", { method: "POST" });
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/**
 * Server side: starts the bare handler over the app's database and the probe port (memory, and
 * whatever `control` adds), prints the announcement line and stops everything on SIGTERM.
 */
export async function announce(
  app: BenchApp,
  studioId: string,
  options: {
    /** More fields of the announcement line. */
    extra?: object;
    /** Adds routes to the probe port (the bench's own controls). */
    control?: (probe: Hono) => void;
    /** Runs first on SIGTERM (e.g. stop a worker before the database goes). */
    beforeStop?: () => Promise<void>;
  } = {},
): Promise<void> {
  const sql = postgres(app.pg.url, { max: 10 });
  const bareApp = new Hono();
  bareApp.get("/v1/web/studio", async (c) => {
    const [row] =
      await sql`select id, organization_id, name, slug, timezone, locale, settings from studios where id = ${studioId} limit 1`;
    return c.json({ ok: true, data: row });
  });
  const bare = await listen(bareApp);

  const sample = (): MemorySample => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external };
  };
  let peak = sample();
  let sampler: NodeJS.Timeout | undefined;
  const probeApp = new Hono();
  probeApp.get("/memory", (c) => c.json({ now: sample(), peak }));
  probeApp.post("/memory/reset", (c) => {
    peak = sample();
    sampler ??= setInterval(() => {
      const s = sample();
      for (const k of Object.keys(peak) as (keyof MemorySample)[]) peak[k] = Math.max(peak[k], s[k]);
    }, 20).unref();
    return c.json({ ok: true });
  });
  // Under --expose-gc: a full collection, then the memory (what the process still holds).
  probeApp.post("/memory/gc", (c) => {
    (globalThis as { gc?: () => void }).gc?.();
    return c.json({ now: sample(), peak });
  });
  // The process's CPU time so far (µs): a driver reads it around a timed run for CPU per request.
  probeApp.get("/cpu", (c) => c.json(process.cpuUsage()));
  options.control?.(probeApp);
  const probe = await listen(probeApp);

  const info: ServerInfo = { url: app.url, bare: bare.url, probe: probe.url, studioId };
  process.stdout.write(`${JSON.stringify({ ...info, ...options.extra })}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await options.beforeStop?.();
    if (sampler) clearInterval(sampler);
    await probe.close();
    await bare.close();
    await sql.end();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("disconnect", () => void stop());
}

/** One row of a load table: throughput, latency and the ratio to the bare handler. */
export interface LoadRow extends BenchResult {
  /** rps ÷ the bare handler's rps in the same mode (sequential, or the same connections). */
  ratio?: number;
}

/** Sequential timings (ms per request) as a row: rps = requests ÷ the time they took together. */
export function sequentialRow(name: string, times: number[], non2xx = 0): LoadRow {
  const sorted = [...times].sort((a, b) => a - b);
  const total = sorted.reduce((s, t) => s + t, 0);
  return {
    name,
    requests: sorted.length,
    rps: Math.round((sorted.length / total) * 1000 * 10) / 10,
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    non2xx,
  };
}

/**
 * The bare handler of a bench server, measured on demand in the mode a row was measured in and
 * kept for the rest of the bench (one measurement per mode).
 */
export class Yardstick {
  private readonly seen = new Map<string, LoadRow>();
  constructor(private readonly bareUrl: string) {}

  /** 1,000 one-at-a-time fetches (after 20 warm-ups), timed like the sequential rows. */
  async sequential(): Promise<LoadRow> {
    const known = this.seen.get("sequential");
    if (known) return known;
    const once = async () => {
      const started = performance.now();
      const res = await fetch(`${this.bareUrl}/v1/web/studio`);
      await res.arrayBuffer();
      return { ms: performance.now() - started, ok: res.status === 200 };
    };
    for (let i = 0; i < 20; i++) await once();
    const times: number[] = [];
    let non2xx = 0;
    for (let i = 0; i < 1000; i++) {
      const r = await once();
      times.push(r.ms);
      if (!r.ok) non2xx += 1;
    }
    const row = { ...sequentialRow("bare Hono + postgres.js, sequential", times, non2xx), ratio: 1 };
    this.seen.set("sequential", row);
    return row;
  }

  /** autocannon with `connections` for `seconds` (default BENCH_SECONDS, at most 5), after a 1 s warm-up. */
  async concurrent(connections: number, seconds = Math.min(5, benchSeconds())): Promise<LoadRow> {
    const key = `${connections}:${seconds}`;
    const known = this.seen.get(key);
    if (known) return known;
    await hammer("warm-up", this.bareUrl, "/v1/web/studio", { seconds: 1, connections });
    const row = {
      ...(await hammer(
        `bare Hono + postgres.js, ${connections} connection${connections === 1 ? "" : "s"}`,
        this.bareUrl,
        "/v1/web/studio",
        { seconds, connections },
      )),
      ratio: 1,
    };
    this.seen.set(key, row);
    return row;
  }
}

/** The row with its ratio to `bare` (rps ÷ bare rps). */
export const against = (row: BenchResult, bare: BenchResult): LoadRow => ({
  ...row,
  ratio: row.rps / bare.rps,
});

const ratioText = (r: number | undefined) =>
  r === undefined ? "" : r >= 0.1 ? r.toFixed(2) : r.toPrecision(2);

/** Prints rows as a Markdown table: requests, req/s, p50/p99 and the ratio to the bare handler. */
export function printLoadTable(rows: LoadRow[], unit = "req/s"): void {
  console.warn(`| run | requests | ${unit} | p50 ms | p99 ms | non-2xx | ${unit} ÷ bare |`);
  console.warn("|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.warn(
      `| ${r.name} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${ratioText(r.ratio)} |`,
    );
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
