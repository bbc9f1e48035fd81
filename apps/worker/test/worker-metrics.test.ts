import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { releaseTestDatabase, runMarker } from "@studio/db/test-support/run-databases";
import { createDatabase, type DatabaseHandle } from "@studio/db";

const ADMIN_URL = process.env.WORKER_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TOKEN = "worker-metrics-token-0123456789abcdef";

interface RunningWorker {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  raw: string[];
  port: number;
  stop(): Promise<void>;
}

/** Starts `src/main.ts` as the real process, reading its stderr as JSON lines. */
async function startWorker(databaseUrl: string, env: Record<string, string>): Promise<RunningWorker> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: workerDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_CONNECT_TIMEOUT_MS: "15000",
      WORKER_METRICS_PORT: "0",
      WORKER_POLL_INTERVAL_SECONDS: "0.5",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  let buffered = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf("\n")) !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      raw.push(line);
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ unparsed: line });
      }
    }
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await once(child, "exit");
  };
  const deadline = Date.now() + 25_000;
  let listening: Record<string, unknown> | undefined;
  while (!(listening = lines.find((l) => l.msg === "worker metrics listening"))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`worker did not start its metrics server:\n${raw.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, lines, raw, port: listening.port as number, stop };
}

describe("worker metrics (WORKER_METRICS_PORT)", () => {
  // Dropped at the run's end (test/global-setup.ts); a drop waits for a checkpoint, hence the timeout.
  const name = `worker_metrics_${runMarker()}${randomBytes(6).toString("hex")}`;
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  let admin: DatabaseHandle;
  const running: RunningWorker[] = [];
  beforeAll(async () => {
    // An empty database: the worker migrates it and installs the queue, as in production.
    admin = createDatabase({
      url: ADMIN_URL,
      maxConnections: 1,
      connectTimeoutMs: 15_000,
      statementTimeoutMs: 60_000,
    });
    await admin.executor.executeSql(`create database "${name}"`);
  });
  afterAll(async () => {
    await Promise.all(running.map((w) => w.stop()));
    await releaseTestDatabase(admin, name);
    await admin.close();
  });

  it("serves the job queue and pool metrics, and logs in the one JSON format", async () => {
    const worker = await startWorker(url, { NODE_ENV: "test" });
    running.push(worker);
    const res = await fetch(`http://127.0.0.1:${worker.port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/studio_job_queue_depth\{job="record-heartbeat"\} \d+/);
    expect(text).toMatch(/studio_job_oldest_ready_age_seconds\{job="deliver-push"\} \d/);
    expect(text).toMatch(/studio_job_failed\{job="deliver-push"\} 0/);
    expect(text).toContain("studio_job_queue_up 1");
    expect(text).toContain("studio_db_pool_max_connections 5");
    expect(text).toContain("studio_db_up 1");
    expect(text).toContain("process_resident_memory_bytes");

    await worker.stop();
    // Every line the worker wrote: pino JSON with a level label, ISO time, msg and service.
    expect(worker.raw.length).toBeGreaterThan(2);
    for (const line of worker.lines) {
      expect(line).toMatchObject({ level: expect.any(String), msg: expect.any(String), service: "worker" });
      expect(new Date(line.time as string).toISOString()).toBe(line.time);
    }
    expect(worker.lines.map((l) => l.msg)).toContain("worker ready");
  }, 60_000);

  it("in production serves only the METRICS_TOKEN bearer", async () => {
    const worker = await startWorker(url, { NODE_ENV: "production", METRICS_TOKEN: TOKEN });
    running.push(worker);
    const base = `http://127.0.0.1:${worker.port}/metrics`;
    expect((await fetch(base)).status).toBe(401);
    expect((await fetch(base, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    const ok = await fetch(base, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("studio_job_queue_depth");
    await worker.stop();
  }, 60_000);

  it("in production without a token hides /metrics (404)", async () => {
    const worker = await startWorker(url, { NODE_ENV: "production", METRICS_TOKEN: "" });
    running.push(worker);
    expect((await fetch(`http://127.0.0.1:${worker.port}/metrics`)).status).toBe(404);
    await worker.stop();
  }, 60_000);
});
