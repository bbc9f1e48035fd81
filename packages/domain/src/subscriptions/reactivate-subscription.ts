import { eq } from "drizzle-orm";
import type { Subscription } from "@studio/contracts";
import { subscriptions, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";
import { liveSubscriptionRows, toSubscription } from "./subscription-record";

/**
 * Reactivate the frozen plan (document 3 "States and transitions": frozen → running).
 * BAD_REQUEST "plan is not frozen" without a FROZEN live subscription. Sets ACTIVE and clears
 * frozenAt; the dates are kept (the spec names no extension for the frozen days). Returns the
 * live subscriptions.
 */
export async function reactivateSubscription(
  db: Db,
  scope: StudioScope,
  input: { clientId: string },
): Promise<Subscription[]> {
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.clientId, { forUpdate: true });
    const frozen = (await liveSubscriptionRows(tx, scope, client.id)).find((row) => row.status === "FROZEN");
    if (!frozen) throw new AppError("BAD_REQUEST", "plan is not frozen");
    await tx
      .update(subscriptions)
      .set({ status: "ACTIVE", frozenAt: null, updatedAt: scope.now })
      .where(eq(subscriptions.id, frozen.id));
    return (await liveSubscriptionRows(tx, scope, client.id)).map(toSubscription);
  });
}
