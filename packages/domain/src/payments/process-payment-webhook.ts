import { and, eq, inArray, isNull } from "drizzle-orm";
import { PaymentRefundedData, PaymentSucceededData, type PaymentEventOutcome } from "@studio/contracts";
import { clients, paymentWebhookEvents, payments, studios, type Db, type Tx } from "@studio/db";
import { clientIsLive } from "../clients/live-trainee";
import { storedExternalId } from "../clients/external-id";
import { normalizePhone } from "../clients/phone";
import { AppError } from "../errors";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import type { JobScope } from "../scope";
import { assignSubscription } from "../subscriptions/assign-subscription";

export interface PaymentEventResult {
  outcome: PaymentEventOutcome;
  reason: string | null;
}

/** Refused with why: recorded as the event's outcome, never retried (a retry would change nothing). */
class PaymentEventRefused extends Error {}
const refuse = (reason: string): never => {
  throw new PaymentEventRefused(reason);
};

/**
 * The process-payment-webhook job's work (docs/decisions/payments.md): acts on one received event
 * and records its outcome on the event row, all in one transaction with the row locked, so a
 * retried or duplicate job acts at most once.
 *
 * - payment.succeeded: the studio named by data.studioId (live), the trainee by externalId (the
 *   automation lane's, stored with the studio prefix) or by phone (normalized to E.164), the plan:
 *   assigns it through assignSubscription (a renewal queues behind the running subscription; the
 *   price is the amount paid) and records the payment PAID. A payment id already recorded for the
 *   studio is ignored.
 * - payment.refunded: marks the studio's payment REFUNDED (refundedAt, the amount, the whole
 *   payment unless less is named). The subscription is left to the coach.
 * - any other type: ignored.
 *
 * An event it cannot use (bad data, unknown studio, trainee, plan or payment, an inactive plan)
 * is recorded `failed` with the reason; nothing it began is kept (a savepoint), no retry. Only an
 * unexpected failure (the database) throws, for the job's bounded retries.
 */
export async function processPaymentWebhook(
  db: Db,
  scope: PlatformJobScope,
  input: { webhookId: string },
): Promise<PaymentEventResult | null> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.webhookId, input.webhookId))
      .for("update");
    if (!event) return null;
    if (event.outcome) return { outcome: event.outcome as PaymentEventOutcome, reason: event.outcomeReason };
    let result: PaymentEventResult;
    try {
      result = await tx.transaction(async (sp) => applyEvent(sp, scope, event));
    } catch (error) {
      if (error instanceof PaymentEventRefused) result = { outcome: "failed", reason: error.message };
      else if (error instanceof AppError && error.code !== "INTERNAL" && error.code !== "SERVICE_UNAVAILABLE")
        result = { outcome: "failed", reason: error.message };
      else throw error;
    }
    await tx
      .update(paymentWebhookEvents)
      .set({ outcome: result.outcome, outcomeReason: result.reason, processedAt: scope.now })
      .where(eq(paymentWebhookEvents.webhookId, event.webhookId));
    scope.logger.info("payments webhook event processed", {
      webhookId: event.webhookId,
      eventType: event.eventType,
      outcome: result.outcome,
      reason: result.reason,
    });
    return result;
  });
}

async function applyEvent(
  tx: Tx,
  scope: PlatformJobScope,
  event: typeof paymentWebhookEvents.$inferSelect,
): Promise<PaymentEventResult> {
  const data = (event.payload as { data?: unknown }).data;
  switch (event.eventType) {
    case "payment.succeeded":
      return recordPayment(tx, scope, event.webhookId, parseData(PaymentSucceededData, data));
    case "payment.refunded":
      return recordRefund(tx, scope, parseData(PaymentRefundedData, data));
    default:
      return { outcome: "ignored", reason: `unknown event type ${event.eventType.slice(0, 100)}` };
  }
}

function parseData<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  data: unknown,
): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${["data", ...i.path].join(".")}: ${i.message}`)
    .join("; ");
  return refuse(`invalid event data: ${issues}`);
}

async function studioScopeOf(tx: Tx, scope: PlatformJobScope, studioId: string): Promise<JobScope> {
  const [studio] = await tx
    .select({ id: studios.id })
    .from(studios)
    .where(and(eq(studios.id, studioId), isNull(studios.archivedAt)));
  if (!studio) refuse("studio not found");
  return { ...scope, studioId };
}

async function recordPayment(
  tx: Tx,
  platformScope: PlatformJobScope,
  webhookId: string,
  data: PaymentSucceededData,
): Promise<PaymentEventResult> {
  const scope = await studioScopeOf(tx, platformScope, data.studioId);
  const [known] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.studioId, scope.studioId), eq(payments.providerPaymentId, data.paymentId)));
  if (known) return { outcome: "ignored", reason: "payment already recorded" };

  const clientId = await traineeOf(tx, scope, data.trainee);
  const subscription = await assignSubscription(tx as unknown as Db, scope, {
    clientId,
    planId: data.planId,
    priceOverrideAgorot: data.amountAgorot,
  });
  await tx.insert(payments).values({
    studioId: scope.studioId,
    clientId,
    status: "PAID",
    providerPaymentId: data.paymentId,
    amountAgorot: data.amountAgorot,
    currency: data.currency,
    planId: data.planId,
    subscriptionId: subscription.id,
    webhookId,
    occurredAt: new Date(data.paidAt),
    createdAt: scope.now,
  });
  return { outcome: "processed", reason: null };
}

/** The live trainee of the studio the payment names, by externalId or phone; else refused. */
async function traineeOf(tx: Tx, scope: JobScope, trainee: PaymentSucceededData["trainee"]): Promise<string> {
  let match;
  if ("externalId" in trainee) {
    // The stored form carries the studio prefix; a value written before the prefix is found too.
    match = inArray(clients.externalId, [
      storedExternalId(scope.studioId, trainee.externalId),
      trainee.externalId,
    ]);
  } else {
    const phone = normalizePhone(trainee.phone);
    if (!phone) return refuse("trainee phone is not a valid phone number");
    match = eq(clients.phone, phone);
  }
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.studioId, scope.studioId), clientIsLive(), match))
    .limit(1);
  return row?.id ?? refuse("trainee not found");
}

async function recordRefund(
  tx: Tx,
  platformScope: PlatformJobScope,
  data: PaymentRefundedData,
): Promise<PaymentEventResult> {
  const scope = await studioScopeOf(tx, platformScope, data.studioId);
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.studioId, scope.studioId), eq(payments.providerPaymentId, data.paymentId)))
    .for("update");
  if (!payment) return refuse("payment not found");
  if (payment.status === "REFUNDED") return { outcome: "ignored", reason: "payment already refunded" };
  const amount = data.amountAgorot ?? payment.amountAgorot;
  if (amount > payment.amountAgorot) return refuse("refund amount exceeds the payment");
  await tx
    .update(payments)
    .set({ status: "REFUNDED", refundedAt: new Date(data.refundedAt), refundedAmountAgorot: amount })
    .where(eq(payments.id, payment.id));
  return { outcome: "processed", reason: null };
}
