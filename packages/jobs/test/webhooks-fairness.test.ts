import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "@studio/db";
import { emitFormFilled, registerWebhook } from "@studio/domain";
import {
  createDeliverWebhookJob,
  createJobQueue,
  DEFAULT_DELIVERIES_PER_STUDIO,
  type DeliverWebhookOptions,
  type DeliverWebhookPolicy,
  type JobQueue,
} from "../src/index";
import { apiKeyScope, seedStudio, submitResponse } from "./fixtures/webhook-world";
import { captureLogger, openBackend, uniqueSchema, waitFor, type TestBackend } from "./harness";

/**
 * The worker's concurrency in these tests: fewer slots than the studios' events, so a studio that
 * took every free slot would starve the other (production runs DEFAULT_DELIVERY_CONCURRENCY, more).
 */
const SLOTS = 10;

/**
 * Fairness between studios (docs/decisions/jobs-and-webhooks.md "Webhook deliveries: fair between studios"): one
 * studio's slow receiver must not hold every delivery slot. Real loopback receivers, real
 * PostgreSQL, the production concurrency and per-studio cap; only the retry delay is short.
 */

const FAST: DeliverWebhookPolicy = { retryLimit: 4, retryDelaySec: 1, retryBackoff: false };

interface Arrival {
  id: string;
  at: number;
}

/**
 * A loopback receiver: `answer(id, nth)` says, for the nth arrival (1-based) of delivery `id`,
 * after how many ms to answer and with which status. Counts what is in flight.
 */
async function receiver(answer: (id: string, nth: number) => { afterMs: number; status: number }) {
  const arrivals: Arrival[] = [];
  const answered: (Arrival & { status: number })[] = [];
  const state = { inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["x-webhook-id"]);
      arrivals.push({ id, at: Date.now() });
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      const { afterMs, status } = answer(id, arrivals.filter((a) => a.id === id).length);
      setTimeout(() => {
        state.inFlight -= 1;
        answered.push({ id, at: Date.now(), status });
        if (!res.destroyed) res.writeHead(status, { "content-type": "text/plain" }).end("ok");
      }, afterMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/form-filled`,
    arrivals,
    answered,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const countBy = (ids: string[]) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
};

describe("FORM_FILLED deliveries are fair between studios (postgres)", () => {
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

  async function queueWith(options: DeliverWebhookOptions) {
    const { database } = backend;
    const schema = uniqueSchema();
    const queue = createJobQueue(
      database,
      { database, logger: captureLogger(), now: () => new Date() },
      {
        schema,
        pollingIntervalSeconds: 0.5,
        shutdownTimeoutMs: 5_000,
        jobs: [createDeliverWebhookJob(FAST, { allowLoopback: true, concurrency: SLOTS, ...options })],
      },
    );
    open.push(queue);
    await queue.start();
    return { queue, schema };
  }

  /** A studio with one hook at `targetUrl` and `count` submitted responses, each enqueuing FORM_FILLED. */
  async function studioWithEvents(queue: JobQueue<any>, targetUrl: string, count: number) {
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId, queue);
    const hook = await registerWebhook(backend.database.db, scope, { targetUrl, allowLoopback: true });
    for (let i = 0; i < count; i++) {
      await backend.database.db.transaction(async (tx) => {
        const row = await submitResponse(tx, seed, seed.form.id, { weight: 70 + i });
        expect(await emitFormFilled(tx, scope, { responseId: row.id })).toEqual({ enqueued: 1 });
      });
    }
    return { seed, hook };
  }

  async function jobs(schema: string, studioId: string) {
    const { rows } = await backend.database.executor.executeSql(
      `select id, state::text as state, retry_count as "retryCount" from ${schema}.job
        where name = 'deliver-webhook' and data->>'studioId' = $1`,
      [studioId],
    );
    return rows as { id: string; state: string; retryCount: number }[];
  }

  it("a fast studio's deliveries complete while a slow studio's are still hanging; each event delivered exactly once", async () => {
    const SLOW_MS = 5_000;
    const SLOW_EVENTS = 12; // more than the worker's slots
    const FAST_EVENTS = 4;
    expect(SLOW_EVENTS).toBeGreaterThan(SLOTS);
    const { queue, schema } = await queueWith({ timeoutMs: 8_000 });
    const slow = await receiver(() => ({ afterMs: SLOW_MS, status: 200 }));
    const fast = await receiver(() => ({ afterMs: 0, status: 200 }));
    closers.push(slow.close, fast.close);
    // The slow studio's events are older: oldest-first, they are fetched first.
    const slowStudio = await studioWithEvents(queue, slow.url, SLOW_EVENTS);
    const fastStudio = await studioWithEvents(queue, fast.url, FAST_EVENTS);

    const started = Date.now();
    await queue.work();
    await waitFor(() => fast.answered.length === FAST_EVENTS, {
      what: "the fast studio's deliveries",
      timeoutMs: 30_000,
    });
    const fastDoneMs = Date.now() - started;
    const slowWhenFastDone = { inFlight: slow.state.inFlight, answered: slow.answered.length };
    const figures = JSON.stringify({ fastDoneMs, slowWhenFastDone, maxSlowInFlight: slow.state.maxInFlight });
    // Every fast delivery landed before the first slow answer: the slow ones were still hanging.
    expect(slowWhenFastDone.inFlight, figures).toBeGreaterThan(0);
    expect(slowWhenFastDone.answered, figures).toBe(0);
    // The slow studio never held more than its cap, however many events it had queued.
    expect(slow.state.maxInFlight, figures).toBe(DEFAULT_DELIVERIES_PER_STUDIO);

    await waitFor(() => slow.answered.length === SLOW_EVENTS, {
      what: "the slow studio's deliveries",
      timeoutMs: 40_000,
    });
    await waitFor(
      async () =>
        [
          ...(await jobs(schema, slowStudio.seed.studioId)),
          ...(await jobs(schema, fastStudio.seed.studioId)),
        ].every((j) => j.state === "completed"),
      { what: "every job to complete" },
    );
    // Exactly once per event: each job id arrived once, and waiting for a slot spent no attempt.
    for (const [studio, r, n] of [
      [slowStudio, slow, SLOW_EVENTS],
      [fastStudio, fast, FAST_EVENTS],
    ] as const) {
      const rows = await jobs(schema, studio.seed.studioId);
      expect(rows).toHaveLength(n);
      expect(rows.every((j) => j.retryCount === 0)).toBe(true);
      const counts = countBy(r.arrivals.map((a) => a.id));
      expect([...counts.keys()].sort()).toEqual(rows.map((j) => j.id).sort());
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
      const [hook] = await backend.database.db.select().from(webhooks).where(eq(webhooks.id, studio.hook.id));
      expect(hook).toMatchObject({ lastStatus: 200, failureCount: 0 });
    }
  }, 90_000);

  it("with one studio's receiver hanging (never answering: the 10 s timeout), another studio's delivery still arrives within 2 s", async () => {
    const HANGING_EVENTS = 12; // more than the worker's slots
    const { queue } = await queueWith({});
    const hanging = await receiver(() => ({ afterMs: 60_000, status: 200 }));
    const fast = await receiver(() => ({ afterMs: 0, status: 200 }));
    closers.push(hanging.close, fast.close);
    await studioWithEvents(queue, hanging.url, HANGING_EVENTS);
    const seed = await seedStudio(backend.database);
    const scope = apiKeyScope(seed.studioId, seed.apiKeyId, queue);
    await registerWebhook(backend.database.db, scope, { targetUrl: fast.url, allowLoopback: true });

    await queue.work();
    // The hanging studio holds its cap of slots; the rest of its events wait for one.
    await waitFor(() => hanging.state.inFlight === DEFAULT_DELIVERIES_PER_STUDIO, {
      what: "the hanging studio to hold its slots",
    });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const emitted = Date.now();
      await backend.database.db.transaction(async (tx) => {
        const row = await submitResponse(tx, seed, seed.form.id, { weight: 80 + i });
        await emitFormFilled(tx, scope, { responseId: row.id });
      });
      await waitFor(() => fast.arrivals.length === i + 1, {
        what: "the other studio's delivery",
        timeoutMs: 10_000,
      });
      waits.push(fast.arrivals[i]!.at - emitted);
    }
    const figures = JSON.stringify({
      waits,
      hangingInFlight: hanging.state.inFlight,
      hangingMax: hanging.state.maxInFlight,
    });
    for (const w of waits) expect(w, figures).toBeLessThan(2_000);
    expect(hanging.answered, figures).toHaveLength(0);
    expect(hanging.state.maxInFlight, figures).toBe(DEFAULT_DELIVERIES_PER_STUDIO);
  }, 60_000);

  it("a capped studio's retries keep their delivery id and attempt count; never more in flight than its cap", async () => {
    const EVENTS = 3;
    const { queue, schema } = await queueWith({ perStudio: 1 });
    // The first arrival of each delivery is refused with 503 (retried), the second accepted after 500 ms.
    const target = await receiver((_id, nth) =>
      nth === 1 ? { afterMs: 0, status: 503 } : { afterMs: 500, status: 200 },
    );
    closers.push(target.close);
    const { seed, hook } = await studioWithEvents(queue, target.url, EVENTS);
    await queue.work();
    await waitFor(
      async () =>
        (await jobs(schema, seed.studioId)).filter((j) => j.state === "completed").length === EVENTS,
      { what: "every delivery", timeoutMs: 40_000 },
    );
    expect(target.state.maxInFlight).toBe(1);
    const rows = await jobs(schema, seed.studioId);
    // Each event: one refused attempt, one retry accepted, both with the job id; no other attempt.
    expect(rows.map((j) => j.retryCount)).toEqual(Array(EVENTS).fill(1));
    const counts = countBy(target.arrivals.map((a) => a.id));
    expect([...counts.keys()].sort()).toEqual(rows.map((j) => j.id).sort());
    expect([...counts.values()]).toEqual(Array(EVENTS).fill(2));
    expect(target.answered.filter((a) => a.status === 200)).toHaveLength(EVENTS);
    const [row] = await backend.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ lastStatus: 200, failureCount: EVENTS });
  }, 60_000);
});
