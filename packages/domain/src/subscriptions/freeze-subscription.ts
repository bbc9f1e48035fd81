import { eq } from "drizzle-orm";
import type { Subscription } from "@studio/contracts";
import { subscriptions, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { AppError } from "../errors";
import { notify } from "../notifications/notify";
import type { StudioScope } from "../scope";
import { studioToday } from "./subscription-dates";
import { liveSubscriptionRows, runningSubscription, toSubscription } from "./subscription-record";

/**
 * Freeze the running plan (document 3 "States and transitions": running → frozen when the plan
 * is not already frozen and an active plan exists). BAD_REQUEST "plan is already frozen" when a
 * live subscription is FROZEN; "client has no active plan" when none runs today. Sets FROZEN
 * and frozenAt (scope.now) and sends SUBSCRIPTION_FROZEN through notify in the same
 * transaction. Returns the live subscriptions.
 */
export async function freezeSubscription(
  db: Db,
  scope: StudioScope,
  input: { clientId: string },
): Promise<Subscription[]> {
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.clientId, { forUpdate: true });
    const live = await liveSubscriptionRows(tx, scope, client.id);
    if (live.some((row) => row.status === "FROZEN"))
      throw new AppError("BAD_REQUEST", "plan is already frozen");
    const running = runningSubscription(live, await studioToday(tx, scope));
    if (!running) throw new AppError("BAD_REQUEST", "client has no active plan");
    await tx
      .update(subscriptions)
      .set({ status: "FROZEN", frozenAt: scope.now, updatedAt: scope.now })
      .where(eq(subscriptions.id, running.id));
    await notify(tx, scope, {
      clientId: client.id,
      type: "SUBSCRIPTION_FROZEN",
      data: { subscriptionId: running.id },
    });
    return (await liveSubscriptionRows(tx, scope, client.id)).map(toSubscription);
  });
}
