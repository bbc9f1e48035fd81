import { z } from "zod";
import { boundedDateTime, boundedId, boundedInt, boundedString } from "./bounded";
import { pagingQuery, paged } from "./paging";

// The payments provider's webhook (document 1: POST /api/webhooks/payments, "verified by the
// payments component") and the coach's list of a trainee's payments. The event shapes are ours:
// docs/decisions/payments.md.

/** The events the webhook acts on; any other type is accepted and recorded as ignored. */
export const PAYMENT_EVENT_TYPES = ["payment.succeeded", "payment.refunded"] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/**
 * The body as the request checks it (after the signature): a JSON object naming its event type.
 * The event's data is read by the job (an event it cannot use is recorded as failed with why).
 */
export const PaymentWebhookBody = z
  .looseObject({
    type: boundedString(100, { min: 1 }).describe("the event type, e.g. payment.succeeded"),
    data: z.record(z.string(), z.unknown()).optional().describe("the event's data (see the event shapes)"),
  })
  .meta({ id: "PaymentWebhookBody" });

export const PaymentWebhookAckSchema = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().describe("true when this webhook-id was received before (nothing changed)"),
  })
  .meta({ id: "PaymentWebhookAck" });
export type PaymentWebhookAck = z.infer<typeof PaymentWebhookAckSchema>;

const amountAgorot = () => boundedInt(1).describe("integer agorot (1/100 of the currency unit), positive");
const currency = () =>
  boundedString(3, { min: 3 })
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as ILS")
    .describe("ISO 4217, e.g. ILS");

/** Who paid: the automation lane's externalId of the trainee, or the trainee's phone number. */
export const PaymentTraineeRef = z.union([
  z.strictObject({ externalId: boundedString(200, { min: 1 }) }),
  z.strictObject({ phone: boundedString(40, { min: 1 }) }),
]);

/** `payment.succeeded`: a trainee paid for a plan (starts or renews a subscription). */
export const PaymentSucceededData = z.object({
  paymentId: boundedString(200, { min: 1 }).describe("the provider's payment id"),
  studioId: boundedId().describe("the studio the payment is for"),
  trainee: PaymentTraineeRef,
  planId: boundedId(),
  amountAgorot: amountAgorot(),
  currency: currency(),
  paidAt: boundedDateTime(),
});
export type PaymentSucceededData = z.infer<typeof PaymentSucceededData>;

/** `payment.refunded`: a recorded payment was refunded (in full unless amountAgorot says less). */
export const PaymentRefundedData = z.object({
  paymentId: boundedString(200, { min: 1 }).describe("the provider's id of the refunded payment"),
  studioId: boundedId(),
  amountAgorot: amountAgorot().optional().describe("the refunded amount; absent: the whole payment"),
  refundedAt: boundedDateTime(),
});
export type PaymentRefundedData = z.infer<typeof PaymentRefundedData>;

/** What became of a received event (payment_webhook_events.outcome). */
export const PAYMENT_EVENT_OUTCOMES = ["processed", "ignored", "failed"] as const;
export type PaymentEventOutcome = (typeof PAYMENT_EVENT_OUTCOMES)[number];

export const PAYMENT_STATUSES = ["PAID", "REFUNDED"] as const;

/** `GET /v1/web/clients/{id}/payments` */
export const ClientPaymentsInput = z.object({ id: boundedId(), ...pagingQuery() });
export type ClientPaymentsInput = z.infer<typeof ClientPaymentsInput>;

export const PaymentSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    providerPaymentId: z.string(),
    amountAgorot: z.number().int(),
    currency: z.string(),
    planId: z.string().nullable().describe("null when the plan was deleted"),
    subscriptionId: z.string().nullable().describe("the subscription the payment started or renewed"),
    paidAt: z.string().describe("ISO date-time"),
    refundedAt: z.string().nullable(),
    refundedAmountAgorot: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Payment" });
export type Payment = z.infer<typeof PaymentSchema>;
export const PaymentPageSchema = paged(PaymentSchema);

/** The webhook queued an event; the worker reads it by its webhook id (no personal data in the job). */
export const PROCESS_PAYMENT_WEBHOOK_JOB = "process-payment-webhook";
export const ProcessPaymentWebhookPayload = z.object({
  webhookId: z.string().min(1).max(200),
  requestId: z.string().min(1).max(200).optional(),
});
export type ProcessPaymentWebhookPayload = z.input<typeof ProcessPaymentWebhookPayload>;
