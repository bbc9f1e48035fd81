/**
 * Webhook delivery throughput (issue 16): FORM_FILLED deliveries (the deliver-webhook job of
 * packages/jobs, as the worker runs it: the hook and response read, the body signed, safeFetch to
 * the target, the attempt recorded) from ONE worker (the wired pg-boss queue working in the
 * server process) to a loopback receiver in the driver process.
 *
 * `pnpm exec tsx bench/webhook-delivery.bench.ts` (also run by `pnpm bench`). The server role
 * (BENCH_ROLE=server through harness.spawnServer): the real app on a fresh database cloned from
 * the migrated template, FAST_STUDIOS studios whose hooks point at the fast receiver (answers at
 * once) and one studio whose hook points at the slow receiver (answers after SLOW_MS), a trainee,
 * a form and 20 responses each; a worker queue with loopback targets allowed, polling every
 * 0.5 s; a probe route that enqueues deliveries in bulk (enqueueMany, one statement per studio
 * kind, like emitFormFilled does in the submission's transaction). Two runs:
 * - fast only: EVENTS events spread over the fast studios;
 * - with a slow studio: SLOW_EVENTS events of the slow studio enqueued first (a burst that just
 *   came in), then the same EVENTS fast events;
 * - with a hanging studio (issue 27): HANG_EVENTS events of a studio whose receiver never answers
 *   (each delivery holds its slot for the whole 10 s timeout), then the same EVENTS fast events.
 * Each row: deliveries/s (events ÷ the time from enqueue to the last arrival), and p50/p99 of the
 * wait from enqueue to arrival at the receiver (ms), i.e. how long the studios' deliveries wait.
 * EVENTS defaults to 50 × BENCH_SECONDS. The heading names the delivery job's worker concurrency
 * and per-studio cap as this tree defines them (the fairness work of issue 16 changes them).
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
  benchSeconds,
  isServerRole,
  printLoadTable,
  spawnServer,
  Yardstick,
  type LoadRow,
} from "./harness";
import { percentile } from "./support";

const FAST_STUDIOS = 4;
/** The worker's polling interval (the tests' 0.5 s; the worker process defaults to pg-boss's 2 s). */
const POLL_SECONDS = 0.5;
const RESPONSES = 20;
const SLOW_MS = Number(process.env.SLOW_MS ?? 2_000);
const SLOW_EVENTS = Number(process.env.SLOW_EVENTS ?? 10);
const HANG_EVENTS = Number(process.env.HANG_EVENTS ?? 20);
const EVENTS = Number(process.env.EVENTS ?? 50 * benchSeconds());

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
  const { createWiredJobQueue } = await import("@studio/jobs");
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
  await announce(app, fast[0]!.studioId, {
    control: (probe) =>
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
      }),
    beforeStop: () => worker.stop(),
  });
}

/**
 * The loopback receiver: /fast/:n answers at once, /slow after SLOW_MS, /hang never (the worker's
 * 10 s timeout ends each attempt); every arrival is timed.
 */
async function startReceiver() {
  const arrivals: { at: number; slow: boolean; hang: boolean }[] = [];
  let answered = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      const slow = req.url === "/slow";
      const hang = req.url === "/hang";
      arrivals.push({ at: Date.now(), slow, hang });
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
  const server = await spawnServer(import.meta.url, { env: { BENCH_RECEIVER_URL: receiver.url } });
  try {
    /** Enqueues, waits until every event arrived and was answered, and answers the waits (ms). */
    const run = async (fast: number, slow: number, hang = 0) => {
      receiver.arrivals.length = 0;
      const before = receiver.answered();
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
      return { fast: waits(false), slow: waits(true), hanging };
    };
    const row = (name: string, waits: number[]): LoadRow => ({
      name,
      requests: waits.length,
      rps: Math.round((waits.length / Math.max(1, waits.at(-1)!)) * 1000 * 10) / 10,
      p50: percentile(waits, 50),
      p99: percentile(waits, 99),
      non2xx: 0,
    });
    await run(20, 0); // warm-up
    const alone = await run(EVENTS, 0);
    const mixed = await run(EVENTS, SLOW_EVENTS);
    const hung = await run(EVENTS, 0, HANG_EVENTS);
    const bare = await new Yardstick(server.info.bare).sequential();
    const jobs: Record<string, unknown> = await import("@studio/jobs");
    const job = jobs.deliverWebhook as { concurrency?: number };
    const perStudio = jobs.DEFAULT_DELIVERIES_PER_STUDIO as number | undefined;
    console.warn(
      `deliver-webhook: worker concurrency ${job.concurrency ?? 1}, ${perStudio === undefined ? "no per-studio cap" : `at most ${perStudio} in flight per studio`}; an idle slot polls every ${POLL_SECONDS} s, a slot that just ran a job fetches the next at once (notifyWorker)`,
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
        bare,
      ],
      "deliveries/s",
    );
  } finally {
    await server.stop();
    await receiver.close();
  }
}

if (isServerRole()) await serve();
else await drive();
