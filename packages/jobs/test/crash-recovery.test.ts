import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { JobContext } from "../src/index";
import { importJob } from "./fixtures/import-job";
import {
  backends,
  jobRow,
  openBackend,
  queueFactory,
  uniqueSchema,
  waitFor,
  type TestBackend,
} from "./harness";

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe.each(backends)("durability on %s", (backendName) => {
  let backend: TestBackend;
  const queues = queueFactory();

  beforeAll(async () => {
    backend = await openBackend(backendName, { persistent: true });
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  it("keeps jobs enqueued while no worker runs across a restart of everything", async () => {
    const schema = uniqueSchema();
    const delivered: { importId: string; job: JobContext }[] = [];
    const job = importJob(
      async (payload, context) => void delivered.push({ importId: payload.importId, job: context }),
    );

    // The API process: enqueues, has no worker, then goes away (queue stopped, database closed).
    const api = queues.create(backend.database, [job], { schema });
    await api.start();
    const now = await backend.database.db.transaction((tx) =>
      api.enqueue("import-clients", { importId: "now" }, { tx }),
    );
    const later = await api.enqueue("import-clients", { importId: "later" }, { startAfter: 1 });
    await api.stop();

    // A new process on the same storage.
    const database = await backend.reopen();
    const worker = queues.create(database, [job], { schema });
    await worker.start();
    await worker.work();

    await waitFor(() => delivered.length === 2, { what: "both jobs after the restart" });
    expect(delivered.map((d) => [d.importId, d.job.id])).toEqual([
      ["now", now],
      ["later", later],
    ]);
    await waitFor(async () => (await jobRow(database, schema, later!))?.state === "completed");
  });
});

// PGlite is one process's database, so only PostgreSQL can have a second worker process to kill.
describe("worker process crash on postgres", () => {
  let backend: TestBackend;
  const queues = queueFactory();

  beforeAll(async () => {
    backend = await openBackend("postgres");
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  it("re-delivers a job whose worker process was SIGKILLed mid-handler", async () => {
    const schema = uniqueSchema();
    const delivered: JobContext[] = [];
    const job = importJob(async (_payload, context) => void delivered.push(context));

    const survivor = queues.create(backend.database, [job], { schema, maintenanceIntervalSeconds: 1 });
    await survivor.start();
    const jobId = await survivor.enqueue("import-clients", { importId: "killed" });

    const dbUrl = (await backend.database.executor.executeSql("select current_database() as db")).rows[0]!
      .db as string;
    const url = new URL(
      process.env.WORKER_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    );
    url.pathname = `/${dbUrl}`;
    const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/crash-worker.ts"], {
      cwd: workerDir,
      env: { ...process.env, DATABASE_URL: url.toString(), BOSS_SCHEMA: schema },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      // The child compiles the queue's sources with tsx first: 7 s alone, over 20 s in a full
      // `pnpm test` at load 9.
      await waitFor(() => stdout.includes(`STARTED ${jobId}`), {
        timeoutMs: 60_000,
        what: "the child to start the job",
      });
      child.kill("SIGKILL");
      await once(child, "exit");
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    expect((await jobRow(backend.database, schema, jobId!))?.state).toBe("active");

    // The surviving process's maintenance fails the expired attempt; the retry is delivered here.
    await survivor.work();
    await waitFor(() => delivered.length > 0, { timeoutMs: 30_000, what: "re-delivery" });
    expect(delivered).toEqual([{ id: jobId, name: "import-clients", retryCount: 1 }]);
    await waitFor(async () => (await jobRow(backend.database, schema, jobId!))?.state === "completed");
  }, 120_000);
});
