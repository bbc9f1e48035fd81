import { createHmac, randomUUID } from "node:crypto";
import { DELIVER_WEBHOOK_JOB, DeliverWebhookPayload } from "@studio/contracts";
import { prepareFormFilledDelivery, recordWebhookAttempt } from "@studio/domain";
import { OutboundError, safeFetch, type Resolver } from "@studio/outbound";
import { defineJob } from "../job-registry";
import { jobScopeFor } from "../job-scope";

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

export interface DeliverWebhookOptions {
  /** WEBHOOK_ALLOW_LOOPBACK=1 (never in production): loopback targets are reachable. */
  allowLoopback?: boolean;
  /** Default 10 s (document 3). */
  timeoutMs?: number;
  /** Name resolution (tests model DNS answers). */
  resolve?: Resolver;
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
    concurrency: 2,
    async handler(payload, deps, job) {
      const db = deps.database.db;
      const scope = jobScopeFor(deps, job, payload.studioId, payload.requestId);
      const { hookId, responseId } = payload;
      const delivery = await prepareFormFilledDelivery(db, scope, { hookId, responseId });
      if (delivery.outcome === "skip") {
        scope.logger.info("webhook delivery skipped", { hookId, reason: delivery.reason });
        return;
      }
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
            "x-webhook-id": job.id || randomUUID(),
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
        scope.logger.error("webhook delivery failed on its last attempt", { hookId, attempt, error: reason });
      throw new Error(`webhook delivery failed (attempt ${attempt}): ${reason}`);
    },
  });
}

export const deliverWebhook = createDeliverWebhookJob();
