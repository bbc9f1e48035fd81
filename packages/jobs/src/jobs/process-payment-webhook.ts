import { PROCESS_PAYMENT_WEBHOOK_JOB, ProcessPaymentWebhookPayload } from "@studio/contracts";
import { processPaymentWebhook } from "@studio/domain";
import { defineJob } from "../job-registry";
import { platformJobScopeFor } from "../job-scope";

/**
 * A payments provider event was received (POST /api/webhooks/payments): acts on it
 * (processPaymentWebhook: a payment starts or renews a subscription and is recorded, a refund
 * marks it, anything else is ignored) and records the outcome on the event row. An event it
 * cannot use is recorded as failed and not retried; only an unexpected failure is retried, a few
 * times (the locked event row and its outcome make a repeat act at most once).
 */
export const processPaymentWebhookJob = defineJob({
  name: PROCESS_PAYMENT_WEBHOOK_JOB,
  payload: ProcessPaymentWebhookPayload,
  retryLimit: 3,
  retryDelaySec: 30,
  retryBackoff: true,
  expireInSeconds: 60,
  async handler(payload, deps, job) {
    const scope = platformJobScopeFor(deps, job);
    if (payload.requestId) scope.requestId = payload.requestId;
    const result = await processPaymentWebhook(deps.database.db, scope, { webhookId: payload.webhookId });
    if (!result) scope.logger.warn("payments webhook event is gone", { webhookId: payload.webhookId });
  },
});
