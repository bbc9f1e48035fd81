import { spawn } from "node:child_process";
import { once } from "node:events";
import { createHmac } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "@studio/db";
import { emitFormFilled, registerWebhook } from "@studio/domain";
import { createDeliverWebhookJob, createJobQueue, type JobQueue } from "../src/index";
import { CRASH_POLICY } from "./fixtures/webhook-crash-policy";
import { apiKeyScope, seedStudio, startReceiver, submitResponse } from "./fixtures/webhook-world";
import { captureLogger, openBackend, uniqueSchema, waitFor, type TestBackend } from "./harness";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("FORM_FILLED delivery survives a worker crash (postgres)", () => {
  let backend: TestBackend;
  const open: JobQueue<any>[] = [];
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    backend = await openBackend("postgres");
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.stop()));
    await Promise.all(closers.splice(0).map((c) => c()));
  });
  afterAll(() => backend?.cleanup());

  it("delivers after the worker is SIGKILLed mid-delivery and a worker starts again", async () => {
    const { database } = backend;
    const schema = uniqueSchema();
    // The first request never gets an answer (the worker dies waiting); the next one is accepted.
    const target = await startReceiver(["hang", 200]);
    closers.push(target.close);

    // The API side: registers, submits and enqueues in the submission's transaction; no worker.
    const api = createJobQueue(
      database,
      { database, logger: captureLogger(), now: () => new Date() },
      { schema, pollingIntervalSeconds: 0.5, jobs: [createDeliverWebhookJob(CRASH_POLICY)] },
    );
    open.push(api);
    await api.start();
    const seed = await seedStudio(database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId, api);
    const hook = await registerWebhook(database.db, scope, { targetUrl: target.url, allowLoopback: true });
    const response = await database.db.transaction(async (tx) => {
      const row = await submitResponse(tx, seed, seed.form.id, { weight: 70 });
      await emitFormFilled(tx, scope, { responseId: row.id });
      return row;
    });

    const dbName = (await database.executor.executeSql("select current_database() as db")).rows[0]!
      .db as string;
    const url = new URL(
      process.env.WORKER_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    );
    url.pathname = `/${dbName}`;
    const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/webhook-crash-worker.ts"], {
      cwd: packageDir,
      env: { ...process.env, DATABASE_URL: url.toString(), BOSS_SCHEMA: schema },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      // The child compiles the queue's sources with tsx first: seconds alone, over 20 s in a
      // full `pnpm test` at load 9.
      await waitFor(() => target.received.length === 1, {
        timeoutMs: 60_000,
        what: "the child worker's delivery to be in flight",
      });
      child.kill("SIGKILL");
      await once(child, "exit");
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    expect(
      (await database.db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]!.lastDeliveryAt,
    ).toBeNull();

    // A worker starts again: the expired attempt is failed by maintenance and retried here.
    const restarted = createJobQueue(
      database,
      { database, logger: captureLogger(), now: () => new Date() },
      {
        schema,
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
        jobs: [createDeliverWebhookJob(CRASH_POLICY, { allowLoopback: true })],
      },
    );
    open.push(restarted);
    await restarted.start();
    await restarted.work();
    await waitFor(() => target.received.length === 2, { timeoutMs: 30_000, what: "the re-delivery" });
    const [first, second] = target.received;
    // The same delivery (same id), signed over the exact bytes received.
    expect(second!.headers["x-webhook-id"]).toBe(first!.headers["x-webhook-id"]);
    expect(second!.headers["x-webhook-signature"]).toBe(
      `sha256=${createHmac("sha256", hook.secret).update(second!.raw).digest("hex")}`,
    );
    expect(JSON.parse(second!.raw.toString("utf8"))).toMatchObject({
      responseId: response.id,
      hookId: hook.id,
    });
    await waitFor(
      async () =>
        (await database.db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]!.lastStatus === 200,
      { what: "the successful attempt to be recorded" },
    );
  }, 120_000);
});
