import type { Subscription } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { listLiveSubscriptions } from "../subscriptions/list-live-subscriptions";

/** `GET /v1/automation/trainees/{id}/subscriptions`: data items (live subscriptions); unknown trainee NOT_FOUND. */
export async function listAutomationSubscriptions(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string },
): Promise<{ items: Subscription[] }> {
  return { items: await listLiveSubscriptions(db, scope, { clientId: input.id }) };
}
