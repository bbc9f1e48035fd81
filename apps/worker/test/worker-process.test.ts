import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseTestDatabase, runMarker } from "@studio/db/test-support/run-databases";
import { clients, createDatabase, studios, type DatabaseHandle } from "@studio/db";
import { createJobQueue } from "@studio/jobs";
import { silentLogger } from "@studio/observability";

// The worker as `pnpm worker` runs it (src/main.ts), against its own PostgreSQL database.
const ADMIN_URL = process.env.WORKER_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface WorkerProcess {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/** Starts src/main.ts (or the built bundle); its JSON log lines (stderr) are collected. */
function startWorker(
  env: Record<string, string>,
  args: string[] = ["--import", "tsx", "src/main.ts"],
): WorkerProcess {
  const child = spawn(process.execPath, args, {
    cwd: workerDir,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", DATABASE_CONNECT_TIMEOUT_MS: "15000", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  let buffer = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ msg: line });
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, lines, exited };
}

async function waitForLine(worker: WorkerProcess, msg: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = worker.lines.find((l) => l.msg === msg);
    if (line) return line;
    if (worker.child.exitCode !== null)
      throw new Error(`exited ${worker.child.exitCode} before "${msg}": ${JSON.stringify(worker.lines)}`);
    if (Date.now() > deadline)
      throw new Error(`no "${msg}" line after ${timeoutMs} ms: ${JSON.stringify(worker.lines)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the worker process", () => {
  // Dropped at the run's end (test/global-setup.ts); a drop waits for a checkpoint, hence the timeout.
  const dbName = `worker_proc_${runMarker()}${randomBytes(6).toString("hex")}`;
  const admin = createDatabase({
    url: ADMIN_URL,
    maxConnections: 1,
    connectTimeoutMs: 15_000,
    statementTimeoutMs: 60_000,
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  let database: DatabaseHandle;

  beforeAll(async () => {
    await admin.executor.executeSql(`create database "${dbName}"`);
    database = createDatabase({ url: url.toString(), maxConnections: 2, connectTimeoutMs: 15_000 });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await releaseTestDatabase(admin, dbName);
    await admin.close();
  });

  it("refuses to start without DATABASE_URL or PGLITE_DATA_DIR", async () => {
    const worker = startWorker({});
    expect(await worker.exited).toBe(1);
    expect(worker.lines).toContainEqual(
      expect.objectContaining({ level: "error", msg: expect.stringContaining("DATABASE_URL is required") }),
    );
  });

  it("refuses a malformed maintenance interval (the webhook delivery settings are read alike)", async () => {
    const worker = startWorker({ DATABASE_URL: url.toString(), WORKER_MAINTENANCE_INTERVAL_SECONDS: "0" });
    expect(await worker.exited).toBe(1);
    expect(worker.lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        msg: "WORKER_MAINTENANCE_INTERVAL_SECONDS must be a whole number from 1 to 3600",
      }),
    );
  });

  it("runs the jobs @studio/jobs defines (an invite the API enqueued reaches the chat port) and stops cleanly on SIGTERM", async () => {
    const worker = startWorker({ DATABASE_URL: url.toString(), WORKER_POLL_INTERVAL_SECONDS: "0.5" });
    try {
      // pg-boss maintenance every 30 s unless WORKER_MAINTENANCE_INTERVAL_SECONDS says otherwise.
      expect(await waitForLine(worker, "worker ready")).toMatchObject({ maintenanceIntervalSeconds: 30 });
      // The API's side: the trainee and its invite job, enqueued in one transaction.
      const api = createJobQueue(database, { database, logger: silentLogger, now: () => new Date() });
      await api.start();
      const [studio] = await database.db
        .insert(studios)
        .values({ name: "Studio", slug: `s-${randomUUID()}` })
        .returning();
      await database.db.transaction(async (tx) => {
        const [client] = await tx
          .insert(clients)
          .values({ studioId: studio!.id, firstName: "Maya", phone: "+972521234567" })
          .returning();
        await api.enqueue("send-trainee-invite", { studioId: studio!.id, clientId: client!.id }, { tx });
      });
      await api.stop();
      // No chat provider is configured: the stand-in port logs that it did not send (no phone, no name).
      const notSent = await waitForLine(worker, "chat message not sent: no chat provider configured");
      expect(notSent).toMatchObject({ service: "worker", studioId: studio!.id });
      expect(JSON.stringify(worker.lines)).not.toContain("+972521234567");

      worker.child.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      expect(worker.lines.map((l) => l.msg)).toEqual(
        expect.arrayContaining(["stopping worker", "job worker stopped"]),
      );
    } finally {
      if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
    }
  });

  it("the built bundle (what `pnpm worker` runs: tsup, then node dist/main.js) starts and stops cleanly", async () => {
    execFileSync(path.join(workerDir, "node_modules/.bin/tsup"), { cwd: workerDir, stdio: "ignore" });
    const worker = startWorker({ DATABASE_URL: url.toString() }, ["dist/main.js"]);
    try {
      await waitForLine(worker, "worker ready");
      worker.child.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
    } finally {
      if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
    }
  });
});
