import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineJob, JobDeferral, type JobContext } from "../src/index";
import {
  backends,
  captureLogger,
  jobRow,
  openBackend,
  queueFactory,
  uniqueSchema,
  waitFor,
  type TestBackend,
} from "./harness";

type Step = "defer" | "fail" | "ok";

/** A job that follows a script, one step a run: defer (JobDeferral), fail (throw) or succeed. */
function scriptedJob(script: Step[], runs: JobContext[]) {
  return defineJob({
    name: "scripted",
    payload: z.object({ n: z.number() }),
    retryLimit: 2,
    retryDelaySec: 1,
    retryBackoff: false,
    expireInSeconds: 30,
    async handler(_payload, _deps, job) {
      const step = script[runs.length] ?? "ok";
      runs.push({ ...job });
      if (step === "defer") throw new JobDeferral(0.5, "the test says wait");
      if (step === "fail") throw new Error("scripted failure");
    },
  });
}

describe.each(backends)("JobDeferral on %s", (backendName) => {
  let backend: TestBackend;
  const queues = queueFactory();
  beforeAll(async () => {
    backend = await openBackend(backendName);
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  it("hands the attempt back untouched: same job id, no attempt spent, not logged as a failure", async () => {
    const runs: JobContext[] = [];
    const logger = captureLogger();
    const schema = uniqueSchema();
    const queue = queues.create(
      backend.database,
      [scriptedJob(["defer", "defer", "fail", "defer", "ok"], runs)],
      {
        schema,
        logger,
      },
    );
    await queue.start();
    const id = await queue.enqueue("scripted", { n: 1 });
    await queue.work();
    await waitFor(async () => (await jobRow(backend.database, schema, id!))?.state === "completed", {
      what: "completion",
      timeoutMs: 20_000,
    });
    // Deferrals keep the attempt: the first attempt ran three times as retryCount 0, the retry twice as 1.
    expect(runs).toEqual([0, 0, 0, 1, 1].map((retryCount) => ({ id, name: "scripted", retryCount })));
    expect((await jobRow(backend.database, schema, id!))?.retry_count).toBe(1);
    expect(logger.entries.filter((e) => e.msg === "job failed, will retry")).toHaveLength(1);
    expect(logger.entries.filter((e) => e.level === "error")).toEqual([]);
    expect(logger.entries.filter((e) => e.msg === "job deferred")).toHaveLength(3);
  });

  it("the retry limit still counts only real attempts: three failures end it, deferrals in between or not", async () => {
    const runs: JobContext[] = [];
    const schema = uniqueSchema();
    const queue = queues.create(
      backend.database,
      [scriptedJob(["defer", "fail", "defer", "fail", "defer", "defer", "fail", "ok"], runs)],
      { schema },
    );
    await queue.start();
    const id = await queue.enqueue("scripted", { n: 2 });
    await queue.work();
    await waitFor(async () => (await jobRow(backend.database, schema, id!))?.state === "failed", {
      what: "the job to fail",
      timeoutMs: 20_000,
    });
    expect(runs.map((r) => r.retryCount)).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect((await jobRow(backend.database, schema, id!))?.retry_count).toBe(2);
  });
});
