import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineJob, type JobContext } from "../src/index";
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

/**
 * A dead worker's attempts are back within seconds (issue 27 item 3; src/job-liveness.ts): pg-boss 10
 * only fails an active attempt back once it outlived its expiry (here 300 s). A working queue beats,
 * listing the attempts it runs; an active attempt no fresh beat lists is returned to the queue
 * (retry, due now; failed when it was the last attempt) and its delivery slot freed, while one a
 * live worker runs past the grace is left alone.
 */
const LIVENESS = { beatSeconds: 0.5, staleSeconds: 2 };

describe.each(backends)("job liveness on %s", (backendName) => {
  let backend: TestBackend;
  const queues = queueFactory();
  beforeAll(async () => {
    backend = await openBackend(backendName);
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  it("returns a dead process's attempts at once, keeps a live worker's long attempt, fails a last attempt", async () => {
    const runs: { n: number; job: JobContext; at: number }[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const job = defineJob({
      name: "held",
      payload: z.object({ n: z.number() }),
      retryLimit: 2,
      retryDelaySec: 30,
      retryBackoff: true,
      expireInSeconds: 300,
      concurrency: 2,
      async handler(payload, _deps, context) {
        runs.push({ n: payload.n, job: { ...context }, at: Date.now() });
        if (payload.n === 1) await released;
      },
    });
    const schema = uniqueSchema();
    const logger = captureLogger();
    const queue = queues.create(backend.database, [job], {
      schema,
      liveness: LIVENESS,
      workerId: "live",
      logger,
    });
    await queue.start();
    const exec = (text: string, values?: unknown[]) => backend.database.executor.executeSql(text, values);

    // n=1: run by this live worker for longer than the grace (two beats + 1 s).
    const live = await queue.enqueue("held", { n: 1 });
    // n=2 and n=3: fetched by a process that died 5 s ago (its last beat listed them, 30 s old).
    const dead = await queue.enqueue("held", { n: 2 }, { startAfter: 3600 });
    const last = await queue.enqueue("held", { n: 3 }, { startAfter: 3600 });
    await exec(
      `update ${schema}.job set state = 'active', started_on = now() - interval '5 seconds',
              retry_count = case when id = $2::uuid then retry_limit else 0 end
        where id = any($1::uuid[])`,
      [`{${dead},${last}}`, last],
    );
    await exec(
      `insert into job_workers (instance_id, worker_id, job_ids, beat_at)
       values (gen_random_uuid(), 'dead', $1::uuid[], now() - interval '30 seconds')`,
      [`{${dead},${last}}`],
    );
    await exec(
      `insert into job_slots (key, slot, job_id, expires_at) values ('deliver-webhook:s', 0, $1::uuid, now() + interval '1 hour')`,
      [dead],
    );
    const returnedFrom = Date.now();
    await queue.work();

    const rerun = await waitFor(() => runs.find((r) => r.n === 2), {
      what: "the dead worker job to run again",
    }).catch((e) => {
      throw new Error(`${e}: ${JSON.stringify(logger.entries)}`);
    });
    expect(rerun.at - returnedFrom, "back and run within two beats and a poll").toBeLessThan(5_000);
    // The second attempt, same id, due at once (not after the 30 s backoff).
    expect(rerun.job).toMatchObject({ id: dead, retryCount: 1 });
    await waitFor(async () => (await jobRow(backend.database, schema, dead!))?.state === "completed", {
      what: "completion",
    });
    // Its last attempt died with its process: failed for good, not run again.
    const failed = await jobRow(backend.database, schema, last!);
    expect(failed).toMatchObject({ state: "failed" });
    expect(JSON.stringify(failed?.output)).toContain("died");
    expect(runs.filter((r) => r.n === 3)).toEqual([]);
    // Its delivery slot was freed with it.
    const { rows: slots } = await exec(`select 1 from job_slots where job_id = $1::uuid`, [dead]);
    expect(slots).toEqual([]);

    // The live worker's attempt, running for 3 s (past the 2 s grace), was never taken from it.
    await waitFor(() => runs.some((r) => r.n === 1), { what: "n=1 to start" });
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await jobRow(backend.database, schema, live!)).toMatchObject({ state: "active", retry_count: 0 });
    release();
    await waitFor(async () => (await jobRow(backend.database, schema, live!))?.state === "completed", {
      what: "the live attempt to complete",
    });
    expect(runs.filter((r) => r.n === 1)).toHaveLength(1);
  }, 30_000);
});
