import type { AutomationSubscriptionAssign, Subscription } from "@studio/contracts";
import type { Db } from "@studio/db";
import { recordAuditEntry } from "../audit/record-audit-entry";
import type { ApiKeyScope } from "../scope";
import { assignSubscription } from "../subscriptions/assign-subscription";

/**
 * `POST /v1/automation/trainees/{id}/subscription`: the coach app's assignSubscription, run
 * inside this transaction (its own becomes a savepoint) with the audit entry
 * automation.subscription.assign in the same transaction: no entry without the subscription.
 */
export async function assignAutomationSubscription(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationSubscriptionAssign,
): Promise<{ subscription: Subscription }> {
  return db.transaction(async (tx) => {
    const subscription = await assignSubscription(tx, scope, {
      clientId: input.id,
      planId: input.planId,
      startDate: input.startDate,
      priceOverrideAgorot: input.priceOverrideAgorot,
      durationValue: input.durationValue,
      durationUnit: input.durationUnit,
      notify: input.notify ?? true,
    });
    await recordAuditEntry(tx, scope, {
      action: "automation.subscription.assign",
      entityType: "subscription",
      entityId: subscription.id,
      data: { clientId: subscription.clientId, planId: subscription.planId, status: subscription.status },
    });
    return { subscription };
  });
}
