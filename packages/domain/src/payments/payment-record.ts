import type { Payment } from "@studio/contracts";
import type { payments } from "@studio/db";

/** A payments row as the web lane answers it. */
export function toPayment(row: typeof payments.$inferSelect): Payment {
  return {
    id: row.id,
    clientId: row.clientId,
    status: row.status === "REFUNDED" ? "REFUNDED" : "PAID",
    providerPaymentId: row.providerPaymentId,
    amountAgorot: row.amountAgorot,
    currency: row.currency,
    planId: row.planId,
    subscriptionId: row.subscriptionId,
    paidAt: row.occurredAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundedAmountAgorot: row.refundedAmountAgorot,
    createdAt: row.createdAt.toISOString(),
  };
}
