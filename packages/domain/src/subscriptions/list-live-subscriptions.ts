import type { Subscription } from "@studio/contracts";
import type { Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { StudioScope } from "../scope";
import { liveSubscriptionRows, toSubscription } from "./subscription-record";

/** The trainee's live subscriptions (PENDING, ACTIVE, FROZEN), earliest start first; unknown trainee NOT_FOUND. */
export async function listLiveSubscriptions(
  db: Db,
  scope: StudioScope,
  input: { clientId: string },
): Promise<Subscription[]> {
  const client = await loadLiveTrainee(db, scope, input.clientId);
  return (await liveSubscriptionRows(db, scope, client.id)).map(toSubscription);
}
