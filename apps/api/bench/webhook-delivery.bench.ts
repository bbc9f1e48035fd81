/**
 * Webhook delivery throughput (issue 16): FORM_FILLED deliveries (the deliver-webhook job of
 * packages/jobs, as the worker runs it: the hook and response read, the body signed, safeFetch to
 * the target, the attempt recorded) from ONE worker (the wired pg-boss queue working in the
 * server process) to a loopback receiver in the driver process.
 *
 * `pnpm exec tsx bench/webhook-delivery.bench.ts` (also run by `pnpm bench`). The server role
 * (BENCH_ROLE=server through harness.spawnServer): the real app on a fresh database cloned from
 * the migrated template, FAST_STUDIOS studios (default 16: with the per-studio cap of 4 they can
 * fill the worker's 64 slots, so the cap is not the bound) whose hooks point at the fast receiver
 * (answers at once) and one studio whose hook points at the slow receiver (answers after SLOW_MS), a trainee,
 * a form and 20 responses each; a worker queue with loopback targets allowed, polling every
 * 0.5 s; a probe route that enqueues deliveries in bulk (enqueueMany, one statement per studio
 * kind, like emitFormFilled does in the submission's transaction). Two runs:
 * - fast only: EVENTS events spread over the fast studios;
 * - with a slow studio: SLOW_EVENTS events of the slow studio enqueued first (a burst that just
 *   came in), then the same EVENTS fast events;
 * - with a hanging studio (issue 27): HANG_EVENTS events of a studio whose receiver never answers
 *   (each delivery holds its slot for the whole 10 s timeout), then the same EVENTS fast events;
 *   it holds its 4 slots and up to 16 deliveries waiting for them, 20 of the worker's 64, so the
 *   fast studios have 44 left.
 * Each row: deliveries/s (events ÷ the time from enqueue to the last arrival), and p50/p99 of the
 * wait from enqueue to arrival at the receiver (ms), i.e. how long the studios' deliveries wait.
 * Issue 30 items 6 and 8: the ratio hanging ÷ alone, none lost (distinct delivery ids received =
 * events sent), the server process's CPU per delivery, a floor (FLOOR_JOBS no-op jobs through the
 * same queue runner: fetch, run, complete, no HTTP) and the process RSS at start, at its peak and
 * after each of BURSTS more bursts (full GC). EVENTS defaults to 200 × BENCH_SECONDS. The heading
 * names the delivery job's worker concurrency and per-studio cap as this tree defines them (the
 * fairness work of issue 16 changes them). Env: FAST_STUDIOS, EVENTS, SLOW_EVENTS, SLOW_MS,
 * HANG_EVENTS, BURSTS, FLOOR_JOBS.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signServiceRequest } from "@studio/auth";
import { DELIVER_WEBHOOK_JOB } from "@studio/contracts";
import { apiKeys, clients, formResponses, forms, webhooks } from "@studio/db";
import { BENCH_ENV } from "./bench-env";
import {
  against,
  announce,
  mb,
  type MemorySample,
  benchSeconds,
  isServerRole,
  printLoadTable,
  spawnServer,
  Yardstick,
  type LoadRow,
} from "./harness";
import { percentile } from "./support";

/**
 * 16 studios × the per-studio cap (4) = 64 = the delivery job's worker concurrency: the worker,
 * not the cap, bounds the fast runs (with 4 studios the bench measured 16 in flight ÷ one slot
 * cycle). A worker in production serves many studios.
 */
const FAST_STUDIOS = Number(process.env.FAST_STUDIOS ?? 16);
/** The worker's polling interval (the tests' 0.5 s; the worker process defaults to pg-boss's 2 s). */
const POLL_SECONDS = 0.5;
const RESPONSES = 20;
const SLOW_MS = Number(process.env.SLOW_MS ?? 2_000);
const SLOW_EVENTS = Number(process.env.SLOW_EVENTS ?? 10);
const HANG_EVENTS = Number(process.env.HANG_EVENTS ?? 20);
const EVENTS = Number(process.env.EVENTS ?? 200 * benchSeconds());
/** The floor: as many no-op jobs through the same queue runner (fetch, run, complete; no HTTP, no delivery SQL). */
/** Fast-only bursts after the mixed runs, the RSS read after each. */
const BURSTS = Number(process.env.BURSTS ?? 4);
const FLOOR_JOBS = Number(process.env.FLOOR_JOBS ?? EVENTS);

interface Studio {
  studioId: string;
  hookId: string;
  responseIds: string[];
}

const signedAs = (org: string) => ({
  ...signServiceRequest({
    secret: BENCH_ENV.SERVICE_AUTH_SECRET,
    serviceId: "web-app",
    method: "GET",
    pathWithQuery: "/v1/web/studio",
  }),
  "x-studio-id": org,
  "x-user-id": `user_${org}`,
  "x-user-role": "OWNER",
  "x-user-name": "Bench Owner",
});

async function serve(): Promise<void> {
  const { startBenchApp } = await import("./bench-app");
  const { createWiredJobQueue, createJobQueue, defineJob, DEFAULT_DELIVERY_CONCURRENCY } =
    await import("@studio/jobs");
  const { z } = await import("zod");
  const { createLogger } = await import("../src/logger");
  const receiver = process.env.BENCH_RECEIVER_URL!;
  const app = await startBenchApp();
  const db = app.pg.handle.db;

  const studioWithHook = async (n: number, targetUrl: string): Promise<Studio> => {
    const res = await fetch(`${app.url}/v1/web/studio`, { headers: signedAs(`org_hooks_${n}`) });
    if (res.status !== 200) throw new Error(`studio answered ${res.status}`);
    const studioId = ((await res.json()) as { data: { id: string } }).data.id;
    const [key] = await db
      .insert(apiKeys)
      .values({ studioId, name: "Zapier", keyHash: `bench-key-${n}`, prefix: `bk${n}` })
      .returning();
    const [hook] = await db
      .insert(webhooks)
      .values({ studioId, apiKeyId: key!.id, targetUrl, secret: `bench-secret-${n}`.padEnd(48, "0") })
      .returning();
    const [client] = await db
      .insert(clients)
      .values({
        studioId,
        firstName: "Maya",
        lastName: `H${n}`,
        phone: `+97257${String(n).padStart(7, "0")}`,
      })
      .returning();
    const [form] = await db
      .insert(forms)
      .values({
        studioId,
        name: "check-in",
        type: "ONE_TIME",
        fields: [{ id: "q1", type: "text", label: "How was the week?", required: true }],
      })
      .returning();
    const responses = await db
      .insert(formResponses)
      .values(
        Array.from({ length: RESPONSES }, (_, i) => ({
          studioId,
          formId: form!.id,
          clientId: client!.id,
          answers: { q1: `fine, week ${i}` },
        })),
      )
      .returning({ id: formResponses.id });
    return { studioId, hookId: hook!.id, responseIds: responses.map((r) => r.id) };
  };
  const fast: Studio[] = [];
  for (let n = 0; n < FAST_STUDIOS; n++) fast.push(await studioWithHook(n, `${receiver}/fast/${n}`));
  const slow = await studioWithHook(FAST_STUDIOS, `${receiver}/slow`);
  const hang = await studioWithHook(FAST_STUDIOS + 1, `${receiver}/hang`);

  const worker = createWiredJobQueue(app.pg.handle, {
    logger: createLogger({ silent: true }),
    now: () => new Date(),
    webhookAllowLoopback: true,
    queue: { pollingIntervalSeconds: POLL_SECONDS, shutdownTimeoutMs: 2_000 },
  });
  await worker.start();
  await worker.work();

  const events = (studios: Studio[], count: number) =>
    Array.from({ length: count }, (_, i) => {
      const s = studios[i % studios.length]!;
      return {
        studioId: s.studioId,
        hookId: s.hookId,
        responseId: s.responseIds[Math.floor(i / studios.length) % RESPONSES]!,
        requestId: `bench-${i}`,
      };
    });
  /** The floor: no-op jobs through the same runner, at the delivery job's concurrency. */
  const floor = async (count: number) => {
    let ran = 0;
    const noop = defineJob({
      name: "bench-noop",
      payload: z.object({ n: z.number().int() }),
      retryLimit: 0,
      retryDelaySec: 0,
      retryBackoff: false,
      concurrency: DEFAULT_DELIVERY_CONCURRENCY,
      async handler() {
        ran += 1;
      },
    });
    const queue = createJobQueue(
      app.pg.handle,
      { database: app.pg.handle, logger: createLogger({ silent: true }), now: () => new Date() },
      { schema: "bench_floor", pollingIntervalSeconds: POLL_SECONDS, jobs: [noop] },
    );
    await queue.start();
    await queue.work();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const started = Date.now();
    await queue.enqueueMany(
      "bench-noop",
      Array.from({ length: count }, (_, n) => ({ n })),
    );
    const completed = async () => {
      const { rows } = await app.pg.handle.executor.executeSql(
        `select count(*)::int as n from bench_floor.job where name = 'bench-noop' and state = 'completed'`,
      );
      return Number((rows[0] as { n: number }).n);
    };
    let ranMs = 0;
    while ((await completed()) < count) {
      if (!ranMs && ran >= count) ranMs = Date.now() - started;
      if (Date.now() - started > 120_000) throw new Error(`floor: ${ran} of ${count} ran`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const doneMs = Date.now() - started;
    await queue.stop();
    return { ranMs: ranMs || doneMs, doneMs };
  };

  await announce(app, fast[0]!.studioId, {
    control: (probe) => {
      probe.post("/floor", async (c) => c.json(await floor((await c.req.json<{ count: number }>()).count)));
      probe.post("/enqueue", async (c) => {
        const {
          fast: fastCount,
          slow: slowCount,
          hang: hangCount,
        } = await c.req.json<{ fast: number; slow: number; hang: number }>();
        const enqueuedAt = Date.now();
        if (hangCount) await worker.enqueueMany(DELIVER_WEBHOOK_JOB, events([hang], hangCount));
        if (slowCount) await worker.enqueueMany(DELIVER_WEBHOOK_JOB, events([slow], slowCount));
        await worker.enqueueMany(DELIVER_WEBHOOK_JOB, events(fast, fastCount));
        return c.json({ enqueuedAt });
      });
    },
    beforeStop: () => worker.stop(),
  });
}

/**
 * The loopback receiver: /fast/:n answers at once, /slow after SLOW_MS, /hang never (the worker's
 * 10 s timeout ends each attempt); every arrival is timed.
 */
async function startReceiver() {
  const arrivals: { at: number; slow: boolean; hang: boolean; id: string }[] = [];
  let answered = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      const slow = req.url === "/slow";
      const hang = req.url === "/hang";
      arrivals.push({ at: Date.now(), slow, hang, id: String(req.headers["x-webhook-id"]) });
      if (hang) return;
      res.once("finish", () => (answered += 1));
      setTimeout(
        () => {
          if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end("{}");
        },
        slow ? SLOW_MS : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    answered: () => answered,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function drive(): Promise<void> {
  const receiver = await startReceiver();
  const server = await spawnServer(import.meta.url, {
    env: { BENCH_RECEIVER_URL: receiver.url },
    profileDir: "/tmp",
    nodeArgs: ["--expose-gc"],
  });
  try {
    /** Enqueues, waits until every event arrived and was answered, and answers the waits (ms). */
    const run = async (fast: number, slow: number, hang = 0) => {
      receiver.arrivals.length = 0;
      const before = receiver.answered();
      const cpuBefore = await server.cpuMicros();
      const { enqueuedAt } = await server.probe<{ enqueuedAt: number }>("/enqueue", {
        method: "POST",
        body: JSON.stringify({ fast, slow, hang }),
        headers: { "content-type": "application/json" },
      });
      const deadline = Date.now() + 120_000 + slow * SLOW_MS;
      while (receiver.answered() - before < fast + slow) {
        if (Date.now() > deadline)
          throw new Error(`only ${receiver.answered() - before} of ${fast + slow} deliveries arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const waits = (isSlow: boolean) =>
        receiver.arrivals
          .filter((a) => a.slow === isSlow && !a.hang)
          .map((a) => a.at - enqueuedAt)
          .sort((a, b) => a - b);
      const hanging = receiver.arrivals.filter((a) => a.hang).length;
      const answeredIds = receiver.arrivals.filter((a) => !a.hang).map((a) => a.id);
      const distinct = new Set(answeredIds).size;
      const cpuMicros = (await server.cpuMicros()) - cpuBefore;
      return {
        /** The server process's CPU per delivery (µs): the worker's cost, whatever the machine's load. */
        cpuPerDelivery: Math.round(cpuMicros / (fast + slow)),
        fast: waits(false),
        slow: waits(true),
        hanging,
        // None lost: every event arrived under its own delivery id (repeats would be the same id).
        lost: fast + slow - distinct,
        repeats: answeredIds.length - distinct,
      };
    };
    const row = (name: string, waits: number[]): LoadRow => ({
      name,
      requests: waits.length,
      rps: Math.round((waits.length / Math.max(1, waits.at(-1)!)) * 1000 * 10) / 10,
      p50: percentile(waits, 50),
      p99: percentile(waits, 99),
      non2xx: 0,
    });
    const floorRun = await server.probe<{ ranMs: number; doneMs: number }>("/floor", {
      method: "POST",
      body: JSON.stringify({ count: FLOOR_JOBS }),
      headers: { "content-type": "application/json" },
    });
    await run(200, 0); // warm-up
    await server.memoryAfterGc();
    const atStart = (await server.memory()).now;
    await server.resetPeak();
    const alone = await run(EVENTS, 0);
    const afterFirst = (await server.memoryAfterGc()).now;
    const mixed = await run(EVENTS, SLOW_EVENTS);
    const hung = await run(EVENTS, 0, HANG_EVENTS);
    // More bursts: the RSS after each (full GC) says whether the worker grows.
    const rssAfter: number[] = [afterFirst.rss];
    let again = alone;
    for (let i = 0; i < BURSTS; i++) {
      again = await run(EVENTS, 0);
      rssAfter.push((await server.memoryAfterGc()).now.rss);
    }
    const during = (await server.memory()).peak;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const afterLast = (await server.memoryAfterGc()).now;
    const bare = await new Yardstick(server.info.bare).sequential();
    const jobs: Record<string, unknown> = await import("@studio/jobs");
    const job = jobs.deliverWebhook as { concurrency?: number };
    const perStudio = jobs.DEFAULT_DELIVERIES_PER_STUDIO as number | undefined;
    console.warn(
      `deliver-webhook: worker concurrency ${job.concurrency ?? 1}, ${perStudio === undefined ? "no per-studio cap" : `at most ${perStudio} in flight per studio`}; one fetch loop takes as many attempts as slots are free (at most 50 a statement), an empty fetch waits ${POLL_SECONDS} s`,
    );
    console.warn(
      `webhook deliveries from one worker to a loopback receiver: ${EVENTS} events over ${FAST_STUDIOS} studios with a fast receiver; then ${SLOW_EVENTS} events of a studio whose receiver answers after ${SLOW_MS} ms, enqueued just before the same ${EVENTS}; then ${HANG_EVENTS} events of a studio whose receiver never answers (10 s timeout), enqueued just before the same ${EVENTS} (${hung.hanging} of its deliveries were hanging meanwhile) (p50/p99: ms from enqueue to arrival)`,
    );
    printLoadTable(
      [
        against(row(`fast receivers only: ${EVENTS} events`, alone.fast), bare),
        against(
          row(`with a slow studio: the ${FAST_STUDIOS} fast studios' ${EVENTS} events`, mixed.fast),
          bare,
        ),
        against(row(`with a slow studio: the slow studio's ${SLOW_EVENTS} events`, mixed.slow), bare),
        against(
          row(`with a hanging studio: the ${FAST_STUDIOS} fast studios' ${EVENTS} events`, hung.fast),
          bare,
        ),
        against(
          row(`fast receivers only, the last of ${BURSTS} more bursts: ${EVENTS} events`, again.fast),
          bare,
        ),
        against(
          {
            name: `floor: ${FLOOR_JOBS} no-op jobs through the same runner (fetch, run, complete; no HTTP)`,
            requests: FLOOR_JOBS,
            rps: Math.round((FLOOR_JOBS / Math.max(1, floorRun.doneMs)) * 1000 * 10) / 10,
            p50: floorRun.ranMs,
            p99: floorRun.doneMs,
            non2xx: 0,
          },
          bare,
        ),
        bare,
      ],
      "deliveries/s",
    );
    const rate = (waits: number[]) => waits.length / Math.max(1, waits.at(-1)!);
    const runs = { alone, mixed, hung, again };
    console.warn(
      `beside a hanging studio ÷ alone: ${(rate(hung.fast) / rate(alone.fast)).toFixed(2)} (target >= 0.8); none lost: ${Object.entries(
        runs,
      )
        .map(
          ([name, r]) => `${name} ${r.lost} lost, ${r.repeats} repeated, ${r.cpuPerDelivery} µs CPU/delivery`,
        )
        .join(
          "; ",
        )}; floor row: p50 = ms until every no-op job ran, p99 = until every completion was recorded`,
    );
    const memoryText = (m: MemorySample) => `RSS ${mb(m.rss)} MB (heap ${mb(m.heapUsed)} MB)`;
    console.warn(
      `server process (the worker queue beside the idle API app): at start ${memoryText(atStart)}; peak during the bursts ${memoryText(during)}; after the first burst (full GC) ${memoryText(afterFirst)}; after the last burst (full GC) ${memoryText(afterLast)}; growth first -> last ${mb(afterLast.rss - afterFirst.rss)} MB RSS; RSS after each burst: ${rssAfter.map((r) => mb(r)).join(", ")} MB`,
    );
  } finally {
    await server.stop();
    await receiver.close();
  }
}

if (isServerRole()) await serve();
else await drive();
