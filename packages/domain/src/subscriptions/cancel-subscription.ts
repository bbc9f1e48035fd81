import { and, eq } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES, type Subscription } from "@studio/contracts";
import { subscriptions, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { AppError, notFound } from "../errors";
import type { StudioScope } from "../scope";
import { toSubscription } from "./subscription-record";

/**
 * Cancel a live subscription of the trainee (document 3 "States and transitions": any live →
 * canceled). NOT_FOUND "subscription not found" for an id that is not this trainee's in the
 * studio; BAD_REQUEST "subscription is not live" for a CANCELED or ENDED one.
 */
export async function cancelSubscription(
  db: Db,
  scope: StudioScope,
  input: { clientId: string; subscriptionId: string },
): Promise<Subscription> {
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.clientId, { forUpdate: true });
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, input.subscriptionId),
          eq(subscriptions.clientId, client.id),
          eq(subscriptions.studioId, scope.studioId),
        ),
      )
      .limit(1);
    if (!current) throw notFound("subscription");
    if (!(LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(current.status))
      throw new AppError("BAD_REQUEST", "subscription is not live");
    const [row] = await tx
      .update(subscriptions)
      .set({ status: "CANCELED", frozenAt: null, updatedAt: scope.now })
      .where(eq(subscriptions.id, current.id))
      .returning();
    return toSubscription(row!);
  });
}
