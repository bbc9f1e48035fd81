import type { Subscription } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { freezeSubscription } from "../subscriptions/freeze-subscription";

/** `POST /v1/automation/trainees/{id}/subscription/freeze`: data subscriptions (the live ones after the change). */
export async function freezeAutomationSubscription(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string },
): Promise<{ subscriptions: Subscription[] }> {
  return { subscriptions: await freezeSubscription(db, scope, { clientId: input.id }) };
}
