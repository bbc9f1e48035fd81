import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "../src/index";
import { backends, jobRow, openBackend, queueFactory, sleep, waitFor, type TestBackend } from "./harness";

describe.each(backends)("delayed jobs on %s", (backendName) => {
  let backend: TestBackend;
  const queues = queueFactory();

  beforeAll(async () => {
    backend = await openBackend(backendName);
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  it("delivers a job with startAfter (seconds or Date) not before its time, then promptly", async () => {
    const deliveredAt = new Map<string, number>();
    const reminder = defineJob({
      name: "reminder",
      payload: z.object({ label: z.string() }),
      retryLimit: 0,
      retryDelaySec: 0,
      retryBackoff: true,
      async handler(payload) {
        deliveredAt.set(payload.label, Date.now());
      },
    });
    const queue = queues.create(backend.database, [reminder]);
    await queue.start();
    await queue.work();

    const enqueuedAt = Date.now();
    const inSeconds = await queue.enqueue("reminder", { label: "seconds" }, { startAfter: 2 });
    await queue.enqueue("reminder", { label: "date" }, { startAfter: new Date(enqueuedAt + 2_500) });
    await queue.enqueue("reminder", { label: "now" });

    await waitFor(() => deliveredAt.has("now"), { what: "the undelayed job" });
    await sleep(1_000);
    expect([...deliveredAt.keys()]).toEqual(["now"]);
    expect((await jobRow(backend.database, queue.schema, inSeconds!))?.state).toBe("created");

    await waitFor(() => deliveredAt.has("seconds") && deliveredAt.has("date"), { what: "the delayed jobs" });
    const seconds = deliveredAt.get("seconds")! - enqueuedAt;
    const date = deliveredAt.get("date")! - enqueuedAt;
    expect(seconds).toBeGreaterThanOrEqual(1_950);
    expect(date).toBeGreaterThanOrEqual(2_450);
    // Picked up within about one polling interval (0.5 s) of becoming due.
    expect(seconds).toBeLessThan(2_000 + 1_500);
    expect(date).toBeLessThan(2_500 + 1_500);
  });
});
