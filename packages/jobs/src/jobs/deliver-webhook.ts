import { createHmac, randomUUID } from "node:crypto";
import { DELIVER_WEBHOOK_JOB, DeliverWebhookPayload } from "@studio/contracts";
import { prepareFormFilledDelivery, recordWebhookAttempt } from "@studio/domain";
import { OutboundError, safeFetch, type Resolver } from "@studio/outbound";
import { defineJob, JobDeferral } from "../job-registry";
import { jobScopeFor } from "../job-scope";
import { JOB_SLOTS_DDL, releaseSlot, takeSlot } from "../job-slots";

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
export const DEFAULT_DELIVERY_CONCURRENCY = 10;
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
      const db = deps.database.db;
      const scope = jobScopeFor(deps, job, payload.studioId, payload.requestId);
      const { hookId, responseId } = payload;
      const delivery = await prepareFormFilledDelivery(db, scope, { hookId, responseId });
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
      if ((await takeSlot(deps.database.executor, { ...slot, limit, leaseSeconds })) === null) {
        throw new JobDeferral(1 + Math.random(), `the studio's ${limit} delivery slots are held`);
      }
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
          });
          status = answer.status;
        } catch (err) {
          if (err instanceof OutboundError) {
            status = err.status ?? null;
            error = `${err.kind}: ${err.message}`;
          } else throw err;
        }
        const verdict = verdictOf(status);
        await recordWebhookAttempt(db, scope, { hookId, status, failed: verdict !== "delivered" });
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
        await releaseSlot(deps.database.executor, slot).catch((err: unknown) =>
          // Not fatal: the lease runs out by itself.
          scope.logger.warn("could not release a delivery slot", {
            hookId,
            error: err instanceof Error ? err.message : String(err),
          }),
        );
      }
    },
  });
}

export const deliverWebhook = createDeliverWebhookJob();
