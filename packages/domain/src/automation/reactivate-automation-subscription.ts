import type { Subscription } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { reactivateSubscription } from "../subscriptions/reactivate-subscription";

/** `POST /v1/automation/trainees/{id}/subscription/reactivate`: data subscriptions (the live ones after the change). */
export async function reactivateAutomationSubscription(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string },
): Promise<{ subscriptions: Subscription[] }> {
  return { subscriptions: await reactivateSubscription(db, scope, { clientId: input.id }) };
}
