import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "@studio/db";
import { isCompletionStatement } from "../src/boss-db";
import { defineJob, type JobContext } from "../src/index";
import {
  captureLogger,
  jobRow,
  openBackend,
  queueFactory,
  waitFor,
  type TestBackend,
  type BackendName,
} from "./harness";

/** The suite for one backend; one file per backend so the two run side by side. */
export function retriesSuite(backendName: BackendName): void {
  describe(`retries on ${backendName}`, () => {
    let backend: TestBackend;
    const queues = queueFactory();

    beforeAll(async () => {
      backend = await openBackend(backendName);
    });
    afterEach(() => queues.stopAll());
    afterAll(() => backend?.cleanup());

    it("retries a failing handler with exponential backoff and ends failed after retryLimit", async () => {
      const attempts: { at: number; retryCount: number; jobId: string }[] = [];
      const alwaysFails = defineJob({
        name: "always-fails",
        payload: z.object({ reason: z.string() }),
        retryLimit: 2,
        retryDelaySec: 1,
        retryBackoff: true,
        async handler(payload, _deps, job) {
          attempts.push({ at: Date.now(), retryCount: job.retryCount, jobId: job.id });
          throw new Error(payload.reason);
        },
      });
      const logger = captureLogger();
      const queue = queues.create(backend.database, [alwaysFails], { logger });
      await queue.start();
      await queue.work();

      const jobId = await queue.enqueue("always-fails", { reason: "upstream is down" });
      const row = await waitFor(
        async () => {
          const r = await jobRow(backend.database, queue.schema, jobId!);
          return r?.state === "failed" && r;
        },
        { timeoutMs: 20_000, what: "the job to end failed" },
      );

      // 1 attempt + retryLimit retries, all of the same job.
      expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
      expect(new Set(attempts.map((a) => a.jobId))).toEqual(new Set([jobId]));
      // Backoff: retry n waits retryDelay * 2^(n-1) .. twice that (pg-boss adds up to 100% jitter).
      const [first, second, third] = attempts;
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
      expect(third!.at - second!.at).toBeGreaterThanOrEqual(1_900);

      expect(row).toMatchObject({
        state: "failed",
        retry_count: 2,
        retry_limit: 2,
        retry_delay: 1,
        retry_backoff: true,
      });
      expect(JSON.stringify(row.output)).toContain("upstream is down");

      const failures = logger.entries.filter((e) => e.msg.startsWith("job failed"));
      expect(failures.map((e) => [e.level, e.msg])).toEqual([
        ["warn", "job failed, will retry"],
        ["warn", "job failed, will retry"],
        ["error", "job failed, no retries left"],
      ]);
      expect(failures[2]!.fields).toMatchObject({
        job: "always-fails",
        jobId,
        attempt: 3,
        maxAttempts: 3,
        error: "upstream is down",
      });
    });

    it("completes a job whose handler fails once on the retry", async () => {
      let calls = 0;
      const flaky = defineJob({
        name: "flaky",
        payload: z.object({ n: z.number() }),
        retryLimit: 3,
        retryDelaySec: 1,
        retryBackoff: true,
        async handler() {
          calls++;
          if (calls === 1) throw new Error("transient");
        },
      });
      const queue = queues.create(backend.database, [flaky]);
      await queue.start();
      await queue.work();

      const jobId = await queue.enqueue("flaky", { n: 1 });
      const row = await waitFor(async () => {
        const r = await jobRow(backend.database, queue.schema, jobId!);
        return r?.state === "completed" && r;
      });
      expect(row.retry_count).toBe(1);
      expect(calls).toBe(2);
    });

    it("survives a database error while recording a job's outcome, and retries the job", async () => {
      // pg-boss does not await complete(); unguarded, this rejection would end the process (and fail vitest).
      let armed = true;
      const { database } = backend;
      const failOnce =
        <R>(run: (text: string, ...rest: unknown[]) => Promise<R>) =>
        (text: string, ...rest: unknown[]): Promise<R> => {
          if (armed && isCompletionStatement(text) && text.includes("'completed'")) {
            armed = false;
            return Promise.reject(new Error("connection reset by peer"));
          }
          return run(text, ...rest);
        };
      // On PostgreSQL the queue runs its statements prepared, through Drizzle's client
      // (boss-db.ts preparedExecutorFor): that one fails too.
      type Client = { unsafe: (text: string, ...rest: unknown[]) => Promise<unknown> };
      const client = (database.db as unknown as { $client: Client }).$client;
      const flakyClient =
        database.kind === "postgres" &&
        new Proxy(client, {
          get: (target, prop) =>
            prop === "unsafe" ? failOnce(target.unsafe.bind(target)) : Reflect.get(target, prop),
        });
      const flakyDatabase: DatabaseHandle = {
        ...database,
        executor: {
          executeSql: failOnce((text, values) => database.executor.executeSql(text, values as unknown[])),
        },
        db: new Proxy(database.db, {
          get: (target, prop, receiver) =>
            prop === "$client" && flakyClient ? flakyClient : Reflect.get(target, prop, receiver),
        }),
      };
      const calls: JobContext[] = [];
      const job = defineJob({
        name: "send-receipt",
        payload: z.object({}),
        retryLimit: 2,
        retryDelaySec: 1,
        retryBackoff: true,
        expireInSeconds: 1,
        async handler(_payload, _deps, context) {
          calls.push(context);
        },
      });
      const logger = captureLogger();
      const queue = queues.create(flakyDatabase, [job], { logger, maintenanceIntervalSeconds: 1 });
      await queue.start();
      await queue.work();

      const jobId = await queue.enqueue("send-receipt", {});
      await waitFor(async () => (await jobRow(database, queue.schema, jobId!))?.state === "completed", {
        timeoutMs: 20_000,
        what: "completion on the retry",
      });
      expect(calls.map((c) => c.retryCount)).toEqual([0, 1]);
      expect(logger.entries).toContainEqual(
        expect.objectContaining({ level: "error", fields: { error: "connection reset by peer" } }),
      );
    });
  });
}
