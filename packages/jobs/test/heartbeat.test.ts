import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { builtInJobs, recordHeartbeat } from "../src/index";
import { backends, captureLogger, openBackend, queueFactory, waitFor, type TestBackend } from "./harness";

describe.each(backends)("repeating heartbeat job on %s", (backendName) => {
  let backend: TestBackend;
  const queues = queueFactory();

  beforeAll(async () => {
    backend = await openBackend(backendName);
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  // Epoch ms: through the executor postgres.js returns timestamptz as text (Drizzle's parsers), PGlite as Date.
  const beats = async () =>
    (
      await backend.database.executor.executeSql(
        "select worker_id, (extract(epoch from beat_at) * 1000)::float8 as beat_ms from worker_heartbeats order by worker_id",
      )
    ).rows as { worker_id: string; beat_ms: number }[];

  it("creates its table, schedules the cron, and records a beat", async () => {
    const { database } = backend;
    const queue = queues.create(database, builtInJobs, {
      workerId: "cron-worker",
      // Check for due schedules every second instead of every 30 s.
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
    });
    await queue.start();
    expect(await beats()).toEqual([]); // start() created the table

    await queue.work();
    const { rows: schedules } = await database.executor.executeSql(
      `select name, cron, timezone, options from ${queue.schema}.schedule`,
    );
    expect(schedules.filter((s) => s.name === "record-heartbeat")).toEqual([
      {
        name: "record-heartbeat",
        cron: "* * * * *",
        timezone: "UTC",
        options: expect.objectContaining({
          retryLimit: 1,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: 30,
        }),
      },
    ]);

    // The handler on its own.
    const now = new Date("2030-01-01T00:00:00.000Z");
    const deps = { database, logger: captureLogger(), now: () => now, workerId: "direct" };
    await recordHeartbeat.handler({}, deps, { id: "manual", name: "record-heartbeat", retryCount: 0 });
    await recordHeartbeat.handler({}, deps, { id: "manual", name: "record-heartbeat", retryCount: 0 }); // upsert
    expect(await beats()).toEqual([{ worker_id: "direct", beat_ms: now.getTime() }]);

    // And through pg-boss: cron tick -> job -> this queue's worker.
    const beat = await waitFor(async () => (await beats()).find((b) => b.worker_id === "cron-worker"), {
      timeoutMs: 20_000,
      what: "a scheduled heartbeat",
    });
    expect(Math.abs(beat.beat_ms - Date.now())).toBeLessThan(60_000);
  });
});
