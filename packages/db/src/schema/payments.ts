import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id } from "./columns";
import { studioIdColumn } from "./studio";
import { plans, subscriptions } from "./subscriptions";

/**
 * Inbound deliveries of the payments provider (POST /api/webhooks/payments), one row per
 * webhook-id: the idempotency key (a replay inserts nothing and queues nothing) and the event the
 * process-payment-webhook job reads. Not a tenant table: the studio is read from the event by the job.
 */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  webhookId: text("webhook_id").primaryKey(),
  eventType: text("event_type").notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  /** Set by the job: processed (a payment or refund recorded), ignored (unknown type), or refused (with why). */
  outcome: text("outcome"),
  outcomeReason: text("outcome_reason"),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

/**
 * A trainee's payments as the payments provider reported them (integer agorot), one row per
 * provider payment of a studio; a refund marks its payment REFUNDED (refundedAt, the refunded amount).
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** PAID | REFUNDED */
    status: text("status").notNull(),
    /** The provider's payment id (a refund names the payment it refunds). */
    providerPaymentId: text("provider_payment_id").notNull(),
    amountAgorot: integer("amount_agorot").notNull(),
    currency: text("currency").notNull(),
    planId: text("plan_id").references(() => plans.id, { onDelete: "set null" }),
    subscriptionId: text("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    webhookId: text("webhook_id").notNull(),
    /** When the provider says it was paid (paidAt). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundedAmountAgorot: integer("refunded_amount_agorot"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_studio_idx").on(t.studioId),
    index("payments_client_idx").on(t.clientId, t.occurredAt),
    uniqueIndex("payments_webhook_key").on(t.webhookId),
    // A payment delivered twice under two webhook ids is still one payment.
    uniqueIndex("payments_provider_payment_key").on(t.studioId, t.providerPaymentId),
  ],
);
