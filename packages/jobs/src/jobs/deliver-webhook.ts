import { createHmac, randomUUID } from "node:crypto";
import { DELIVER_WEBHOOK_JOB, DeliverWebhookPayload } from "@studio/contracts";
import type { DatabaseHandle } from "@studio/db";
import {
  prepareFormFilledDeliveries,
  recordWebhookAttempts,
  type FormFilledDelivery,
  type StudioScope,
} from "@studio/domain";
import { OutboundError, safeFetch, type Resolver } from "@studio/outbound";
import { createBatcher, type Batcher } from "../batcher";
import { preparedExecutorFor } from "../boss-db";
import { defineJob, JobDeferral } from "../job-registry";
import { jobScopeFor } from "../job-scope";
import { handOverSlots, JOB_SLOTS_DDL, releaseSlots, takeSlots } from "../job-slots";

export interface DeliverWebhookPolicy {
  retryLimit: number;
  retryDelaySec: number;
  retryBackoff: boolean;
  /** An attempt whose worker died is retried once it has been active this long (default 60 s). */
  expireInSeconds?: number;
}

/**
 * Document 3 "Limits": 5 attempts in total, exponential backoff from 10 s (10, 20, 40, 80 s
 * between them, plus pg-boss's jitter).
 */
export const DELIVER_WEBHOOK_POLICY: DeliverWebhookPolicy = {
  retryLimit: 4,
  retryDelaySec: 10,
  retryBackoff: true,
};

/**
 * Fairness (docs/decisions/jobs-and-webhooks.md "Webhook deliveries: fair between studios"): a worker runs this many
 * deliveries at once (they wait on receivers, bounded by the timeout), and one studio holds at most
 * DEFAULT_DELIVERIES_PER_STUDIO of them across all workers, so a slow receiver cannot take every slot.
 */
export const DEFAULT_DELIVERY_CONCURRENCY = 64;
export const DEFAULT_DELIVERIES_PER_STUDIO = 4;

export interface DeliverWebhookOptions {
  /** WEBHOOK_ALLOW_LOOPBACK=1 (never in production): loopback targets are reachable. */
  allowLoopback?: boolean;
  /** Default 10 s (document 3). */
  timeoutMs?: number;
  /** Name resolution (tests model DNS answers). */
  resolve?: Resolver;
  /** Deliveries of one studio in flight at once, across all workers (default: the services', else 4). */
  perStudio?: number;
  /** Deliveries one worker runs at once (default 10). */
  concurrency?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The attempt's slot is held this long at most: the timeout plus room for the two database writes. */
const slotLeaseSeconds = (timeoutMs: number, expireInSeconds: number) =>
  Math.min(expireInSeconds, Math.ceil(timeoutMs / 1000) + 5);

interface SlotTaker {
  key: string;
  jobId: string;
  limit: number;
  leaseSeconds: number;
}

interface Waiter {
  jobId: string;
  leaseSeconds: number;
  /** moved: the slot row is already this waiter's (handed over); else it takes one itself. */
  grant(moved: boolean): void;
}

/**
 * What the deliveries running at once in this process share (issue 30 item 6), per database:
 * the reads, slot takes, handovers, releases and attempt records of the deliveries of one turn
 * are one statement each (batcher.ts), and the slots this process holds per studio are counted
 * here: a delivery of a studio whose slots this process holds all waits here (bounded) and is
 * handed the next one that frees, in one statement instead of a release and a take.
 */
interface DeliveryBatches {
  prepare: Batcher<{ scope: StudioScope; hookId: string; responseId: string }, FormFilledDelivery>;
  take: Batcher<SlotTaker, boolean>;
  handOver: Batcher<{ key: string; from: string; to: string; leaseSeconds: number }, boolean>;
  record: Batcher<{ scope: StudioScope; hookId: string; status: number | null; failed: boolean }, void>;
  release: Batcher<{ key: string; jobId: string }, void>;
  /** Per studio key: the slots deliveries in this process hold, and the deliveries waiting for one. */
  heldHere: Map<string, { held: number; waiters: Waiter[] }>;
}

const batchesByDatabase = new WeakMap<DatabaseHandle, DeliveryBatches>();

function batchesFor(database: DatabaseHandle): DeliveryBatches {
  let batches = batchesByDatabase.get(database);
  if (!batches) {
    const executor = preparedExecutorFor(database);
    batches = {
      prepare: createBatcher((items) => prepareFormFilledDeliveries(database.db, items), { parallel: 2 }),
      // One take at a time: two batches of this process must not race for the same free slot.
      take: createBatcher((takers) => takeSlots(executor, takers)),
      handOver: createBatcher((handovers) => handOverSlots(executor, handovers), { parallel: 2 }),
      record: createBatcher(
        async (attempts) => {
          await recordWebhookAttempts(database.db, attempts);
          return attempts.map(() => undefined);
        },
        { parallel: 2 },
      ),
      release: createBatcher(
        async (holders) => {
          await releaseSlots(executor, holders);
          return holders.map(() => undefined);
        },
        { parallel: 2 },
      ),
      heldHere: new Map(),
    };
    batchesByDatabase.set(database, batches);
  }
  return batches;
}

/**
 * How long a delivery waits in this process for one of its studio's slots that a delivery here
 * holds, and how many may wait per studio (a multiple of the cap, and a share of the worker's
 * concurrency): more, or longer, and it is handed back (JobDeferral), so one studio's backlog
 * holds at most its cap plus its waiters of the worker's concurrency, never all of it.
 */
export const LOCAL_SLOT_WAIT_MS = 2_000;
export const LOCAL_WAITERS_PER_SLOT = 4;
export const LOCAL_WAITERS_SHARE = 0.25;

/**
 * One of the studio's slots for this delivery, or false when they are all held. When this process
 * holds them all, it waits (bounded, above) for one of them to be handed over here; else it takes
 * one in the database (another worker may hold some too: the cap is across workers).
 */
async function takeSlotFor(
  batches: DeliveryBatches,
  taker: SlotTaker,
  concurrency: number,
): Promise<boolean> {
  let here = batches.heldHere.get(taker.key);
  if (!here) batches.heldHere.set(taker.key, (here = { held: 0, waiters: [] }));
  if (here.held < taker.limit) here.held += 1;
  else {
    const mayWait = Math.min(
      taker.limit * LOCAL_WAITERS_PER_SLOT,
      Math.floor(concurrency * LOCAL_WAITERS_SHARE),
    );
    if (here.waiters.length >= mayWait) return false;
    const waiters = here.waiters;
    // Granted: the delivery that gave its slot up passed its count (and maybe its row) on to this one.
    const granted = await new Promise<"moved" | "take" | "timeout">((resolve) => {
      const waiter: Waiter = {
        jobId: taker.jobId,
        leaseSeconds: taker.leaseSeconds,
        grant: (moved) => {
          clearTimeout(timer);
          resolve(moved ? "moved" : "take");
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        resolve("timeout");
      }, LOCAL_SLOT_WAIT_MS);
      waiters.push(waiter);
    });
    if (granted === "timeout") return false;
    if (granted === "moved") return true;
  }
  const taken = await batches.take.add(taker).catch((err: unknown) => {
    void giveUpSlot(batches, { key: taker.key, jobId: taker.jobId }, false);
    throw err;
  });
  if (!taken) await giveUpSlot(batches, { key: taker.key, jobId: taker.jobId }, false);
  return taken;
}

/**
 * Gives up a slot of `key`: handed over to the next delivery waiting here for one (its row moves
 * to that delivery in the database), else released. `held`: whether the row is this delivery's.
 */
async function giveUpSlot(
  batches: DeliveryBatches,
  slot: { key: string; jobId: string },
  held: boolean,
): Promise<void> {
  const here = batches.heldHere.get(slot.key);
  const next = here?.waiters.shift();
  let moved = false;
  if (next && held)
    moved = await batches.handOver
      .add({ key: slot.key, from: slot.jobId, to: next.jobId, leaseSeconds: next.leaseSeconds })
      .catch(() => false);
  try {
    if (held && !moved) await batches.release.add(slot);
  } finally {
    if (next) next.grant(moved);
    else if (here) {
      here.held -= 1;
      if (here.held <= 0 && !here.waiters.length) batches.heldHere.delete(slot.key);
    }
  }
}

/** `sha256=<lower-case hex HMAC-SHA256(secret, body bytes)>` (decisions.md). */
export const webhookSignature = (secret: string, body: Buffer): string =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** 2xx success; a 4xx other than 429 is final; anything else (5xx, 429, no answer) is retried. */
export type AttemptVerdict = "delivered" | "final" | "retry";
export const verdictOf = (status: number | null): AttemptVerdict => {
  if (status !== null && status >= 200 && status < 300) return "delivered";
  if (status !== null && status >= 400 && status < 500 && status !== 429) return "final";
  return "retry";
};

/**
 * One FORM_FILLED delivery (decisions.md "Outbound webhook FORM_FILLED", document 3 "Events"):
 * reads the hook and the response now (a deleted hook or an archived studio sends nothing),
 * POSTs the JSON body through safeFetch (target checked again and every resolved address
 * refused when private — DNS rebinding —, no redirects, 10 s timeout) with the event, delivery
 * id (the job id, the same on every attempt), timestamp and HMAC signature over the exact bytes
 * sent. Every attempt records lastDeliveryAt and lastStatus; failures count. A retryable failure
 * throws (pg-boss retries per the policy); a final 4xx completes the job (dropped).
 *
 * Before sending, the attempt takes one of its studio's slots (job_slots, key
 * `deliver-webhook:<studioId>`); when they are all held it is handed back untouched (JobDeferral:
 * same delivery id, no attempt spent) and tried again 1-2 s later, after the jobs never deferred.
 */
export function createDeliverWebhookJob(
  policy: DeliverWebhookPolicy = DELIVER_WEBHOOK_POLICY,
  options: DeliverWebhookOptions = {},
) {
  return defineJob({
    name: DELIVER_WEBHOOK_JOB,
    payload: DeliverWebhookPayload,
    expireInSeconds: 60,
    ...policy,
    concurrency: options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY,
    setupSql: [JOB_SLOTS_DDL],
    async handler(payload, deps, job) {
      const scope = jobScopeFor(deps, job, payload.studioId, payload.requestId);
      const batches = batchesFor(deps.database);
      const { hookId, responseId } = payload;
      const delivery = await batches.prepare.add({ scope, hookId, responseId });
      if (delivery.outcome === "skip") {
        scope.logger.info("webhook delivery skipped", { hookId, reason: delivery.reason });
        return;
      }
      // The delivery id: the job id, the same on every attempt (receivers de-duplicate by it).
      const deliveryId = job.id || randomUUID();
      const slot = { key: `deliver-webhook:${payload.studioId}`, jobId: deliveryId };
      const limit = options.perStudio ?? deps.services?.webhooks?.perStudio ?? DEFAULT_DELIVERIES_PER_STUDIO;
      const leaseSeconds = slotLeaseSeconds(
        options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        policy.expireInSeconds ?? 60,
      );
      const concurrency = job.concurrency ?? options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY;
      if (!(await takeSlotFor(batches, { ...slot, limit, leaseSeconds }, concurrency))) {
        throw new JobDeferral(1 + Math.random(), `the studio's ${limit} delivery slots are held`);
      }
      let released: Promise<void> | undefined;
      const releaseSlot = () =>
        giveUpSlot(batches, slot, true).catch((err: unknown) =>
          // Not fatal: the lease runs out by itself.
          scope.logger.warn("could not release a delivery slot", {
            hookId,
            error: err instanceof Error ? err.message : String(err),
          }),
        );
      try {
        const body = Buffer.from(JSON.stringify(delivery.body));
        const allowLoopback = options.allowLoopback ?? deps.services?.webhooks?.allowLoopback ?? false;
        let status: number | null = null;
        let error: string | undefined;
        try {
          const answer = await safeFetch(delivery.targetUrl, {
            method: "POST",
            body,
            headers: {
              "content-type": "application/json",
              "user-agent": "studio-webhooks/1",
              "x-webhook-event": "FORM_FILLED",
              "x-webhook-id": deliveryId,
              "x-webhook-timestamp": String(scope.now.getTime()),
              "x-webhook-signature": webhookSignature(delivery.secret, body),
            },
            schemes: ["https"],
            allowLoopback,
            timeoutMs: options.timeoutMs,
            resolve: options.resolve,
            maxBytes: 64 * 1024,
            keepAlive: true,
          });
          status = answer.status;
        } catch (err) {
          if (err instanceof OutboundError) {
            status = err.status ?? null;
            error = `${err.kind}: ${err.message}`;
          } else throw err;
        }
        // The answer is in: the slot goes back (in parallel with the attempt's record).
        released = releaseSlot();
        const verdict = verdictOf(status);
        await batches.record.add({ scope, hookId, status, failed: verdict !== "delivered" });
        const attempt = job.retryCount + 1;
        if (verdict === "delivered") {
          scope.logger.info("webhook delivered", { hookId, status, attempt });
          return;
        }
        if (verdict === "final") {
          scope.logger.warn("webhook refused by the receiver; dropped", { hookId, status, attempt });
          return;
        }
        const reason = error ?? `receiver answered ${status}`;
        if (job.retryCount >= policy.retryLimit)
          scope.logger.error("webhook delivery failed on its last attempt", {
            hookId,
            attempt,
            error: reason,
          });
        throw new Error(`webhook delivery failed (attempt ${attempt}): ${reason}`);
      } finally {
        await (released ?? releaseSlot());
      }
    },
  });
}

export const deliverWebhook = createDeliverWebhookJob();
