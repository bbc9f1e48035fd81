// A trainee's subscription as the routes answer it, the trainee's live rows and the one running today.

import { and, asc, eq, inArray } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES, type DurationUnit, type Subscription } from "@studio/contracts";
import { subscriptions, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  clientId: row.clientId,
  planId: row.planId,
  status: row.status as Subscription["status"],
  startDate: row.startDate,
  endDate: row.endDate,
  priceAgorot: row.priceAgorot,
  durationValue: row.durationValue,
  durationUnit: row.durationUnit as DurationUnit,
  frozenAt: row.frozenAt?.toISOString() ?? null,
  waitingForTrigger: row.waitingForTrigger as Subscription["waitingForTrigger"],
});

/** The trainee's live subscriptions (PENDING, ACTIVE, FROZEN), earliest start first, waiting ones last. */
export async function liveSubscriptionRows(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.studioId, scope.studioId),
        eq(subscriptions.clientId, clientId),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .orderBy(asc(subscriptions.startDate), asc(subscriptions.createdAt), asc(subscriptions.id));
}

/**
 * The subscription running today: ACTIVE, or a dated PENDING one (a queued renewal) whose start
 * has come; in both cases its end date not passed. One waiting for FIRST_PLAN never runs.
 */
export function runningSubscription(
  rows: readonly SubscriptionRow[],
  today: string,
): SubscriptionRow | undefined {
  return rows.find(
    (row) =>
      (row.status === "ACTIVE" || row.status === "PENDING") &&
      row.waitingForTrigger === "NONE" &&
      row.startDate !== null &&
      row.startDate <= today &&
      row.endDate !== null &&
      row.endDate >= today,
  );
}
