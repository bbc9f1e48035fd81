import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "../src/index";
import { openBackend, queueFactory, waitFor, type TestBackend } from "./harness";

/**
 * pg-boss's worker loop waits out the polling interval after each fetch, even one that found a
 * job; with one job per fetch that capped each slot at one job per interval (5 webhook deliveries
 * a second per worker at the 2 s default, issue 16 bench). A slot that ran a job fetches again at
 * once: a backlog drains at the handlers' pace, and only an idle queue waits the interval.
 */
describe("a backlog drains without waiting the polling interval between jobs", () => {
  let backend: TestBackend;
  const queues = queueFactory();
  beforeAll(async () => {
    backend = await openBackend("postgres");
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  it("20 queued jobs on one slot with a 10 s polling interval all run within one interval", async () => {
    const done: number[] = [];
    const tick = defineJob({
      name: "tick",
      payload: z.object({ n: z.number().int() }),
      retryLimit: 0,
      retryDelaySec: 0,
      retryBackoff: false,
      concurrency: 1,
      async handler(payload) {
        done.push(payload.n);
      },
    });
    const queue = queues.create(backend.database, [tick], { pollingIntervalSeconds: 10 });
    await queue.start();
    await queue.enqueueMany(
      "tick",
      Array.from({ length: 20 }, (_, n) => ({ n })),
    );
    const started = Date.now();
    await queue.work();
    // Without the fix the 20th job runs after 19 intervals (190 s); the wait below ends at 9 s.
    await waitFor(() => done.length === 20, { timeoutMs: 9_000, what: "20 jobs" });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(new Set(done).size).toBe(20);
  });
});
