import type { Subscription } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { cancelSubscription } from "../subscriptions/cancel-subscription";

/** `POST /v1/automation/trainees/{id}/subscription/cancel`: data subscription (now CANCELED). */
export async function cancelAutomationSubscription(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string; subscriptionId: string },
): Promise<{ subscription: Subscription }> {
  return {
    subscription: await cancelSubscription(db, scope, {
      clientId: input.id,
      subscriptionId: input.subscriptionId,
    }),
  };
}
