import { PaymentWebhookAckSchema, PaymentWebhookBody } from "@studio/contracts";
import { AppError, parseDomainInput, receivePaymentWebhook, type ServiceScope } from "@studio/domain";
import { serializeError } from "@studio/observability";
import { readRawBody } from "../../http/raw-body";
import { PAYMENTS_WEBHOOK_PATH } from "../../lanes/lane-of-path";
import { writeError, writeSuccess } from "../../rest/envelope";
import { mapError } from "../../rest/error-mapping";
import type { RawRoute } from "../raw-route";

/** The payments webhook's body limit (app.ts applies it before the signature is checked). */
export const PAYMENTS_WEBHOOK_BODY_BYTES = 256 * 1024;

/**
 * POST /api/webhooks/payments (document 1: "verified by the payments component"): the lane
 * guard has proved the Standard Webhooks signature over these bytes (guards/payments-webhook.ts).
 * The body must be a JSON object (BAD_REQUEST) naming its event type (VALIDATION); the event is
 * recorded under its webhook-id and acted on by the process-payment-webhook job. A webhook-id
 * received before answers 200 `duplicate: true` and changes nothing. Standard envelope.
 */
export const receivePaymentWebhookRaw: RawRoute = {
  method: "POST",
  path: PAYMENTS_WEBHOOK_PATH,
  file: "apps/api/src/raw/payments/receive-payment-webhook.ts",
  domainFunction: "receivePaymentWebhook",
  summary:
    "Payments provider webhook (Standard Webhooks): payment.succeeded, payment.refunded; other types ignored",
  tags: ["payments"],
  successStatus: 200,
  requestBody: {
    contentType: "application/json",
    description:
      "An event `{type, data}` (docs/decisions/payments.md), at most 256 KiB. payment.succeeded data: {paymentId, studioId, trainee: {externalId} | {phone}, planId, amountAgorot, currency, paidAt}; payment.refunded data: {paymentId, studioId, amountAgorot?, refundedAt}. The data is read by the job: an event it cannot use is recorded as failed, not refused here.",
    maxBytes: () => PAYMENTS_WEBHOOK_BODY_BYTES,
    schema: PaymentWebhookBody,
  },
  output: PaymentWebhookAckSchema,
  handler: async (c) => {
    const deps = c.get("deps");
    const requestId = c.get("requestId");
    try {
      const auth = c.get("auth");
      if (auth?.lane !== "payments") throw new AppError("UNAUTHORIZED", "invalid webhook signature");
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(await readRawBody(c)));
      } catch {
        throw new AppError("BAD_REQUEST", "malformed JSON body");
      }
      if (typeof body !== "object" || body === null || Array.isArray(body))
        throw new AppError("BAD_REQUEST", "the body must be a JSON object");
      const event = parseDomainInput(PaymentWebhookBody, body);
      const ctx = { db: deps.database.db };
      const scope: ServiceScope = {
        requestId,
        now: deps.now(),
        logger: deps.logger.child({ requestId }),
        jobs: deps.jobs,
        actor: { kind: "service", serviceId: "payments-provider" },
      };
      const ack = await receivePaymentWebhook(ctx.db, scope, {
        webhookId: auth.webhookId,
        eventType: event.type,
        payload: body as Record<string, unknown>,
      });
      return writeSuccess(c, ack, 200, "standard");
    } catch (error) {
      const mapped = mapError(error);
      if (mapped.unexpected) deps.logger.error("request failed", { requestId, err: serializeError(error) });
      return writeError(c, mapped, "standard");
    }
  },
};
