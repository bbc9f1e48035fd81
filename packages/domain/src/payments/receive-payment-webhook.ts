import { PROCESS_PAYMENT_WEBHOOK_JOB, type PaymentWebhookAck } from "@studio/contracts";
import { paymentWebhookEvents, type Db } from "@studio/db";
import type { ServiceScope } from "../scope";

/**
 * POST /api/webhooks/payments, once the signature is proved: records the delivery under its
 * webhook-id and queues the process-payment-webhook job in the same transaction. A webhook-id
 * received before inserts nothing and queues nothing (`duplicate: true`): a provider's retry, or a
 * replay of a captured delivery, changes nothing. The event is acted on by the job, off the request.
 */
export async function receivePaymentWebhook(
  db: Db,
  scope: ServiceScope,
  input: { webhookId: string; eventType: string; payload: Record<string, unknown> },
): Promise<PaymentWebhookAck> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentWebhookEvents)
      .values({
        webhookId: input.webhookId,
        eventType: input.eventType,
        payload: input.payload,
        receivedAt: scope.now,
      })
      .onConflictDoNothing({ target: paymentWebhookEvents.webhookId })
      .returning({ webhookId: paymentWebhookEvents.webhookId });
    if (inserted.length === 0) {
      scope.logger.info("payments webhook replayed: nothing changed", { webhookId: input.webhookId });
      return { received: true, duplicate: true };
    }
    await scope.jobs.enqueue(
      PROCESS_PAYMENT_WEBHOOK_JOB,
      { webhookId: input.webhookId, requestId: scope.requestId },
      { tx },
    );
    return { received: true, duplicate: false };
  });
}
