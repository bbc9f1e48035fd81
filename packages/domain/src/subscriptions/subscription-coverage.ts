import { and, eq, inArray } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES } from "@studio/contracts";
import { subscriptions, type DbOrTx } from "@studio/db";
import { addDays, zonedDateTimeToInstant } from "../time";

export interface SubscriptionCoverage {
  /** The trainee holds a live subscription (PENDING, ACTIVE or FROZEN). */
  hasLive: boolean;
  /** When the FROZEN live subscription was frozen; null when none is. */
  frozenAt: Date | null;
  /**
   * The end of the coverage: midnight (studio zone) after the latest end date among the live
   * subscriptions, so a renewal queued behind the running one extends it; null when a live
   * subscription has no end yet (waiting for its FIRST_PLAN trigger) or none is live.
   */
  coverageEndsAt: Date | null;
  /**
   * Without a live subscription: the end of the latest ENDED one (midnight, studio zone, after its
   * end date), so a trainee whose last subscription the scheduler ended stays locked; else null.
   */
  endedCoverageEndsAt: Date | null;
}

/** The app lock's view of a trainee's live subscriptions (decisions.md "App lock inputs"). */
export async function coverageOfLiveSubscriptions(
  db: DbOrTx,
  input: { studioId: string; clientId: string; zone: string },
): Promise<SubscriptionCoverage> {
  let rows = await db
    .select({
      status: subscriptions.status,
      endDate: subscriptions.endDate,
      frozenAt: subscriptions.frozenAt,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.studioId, input.studioId),
        eq(subscriptions.clientId, input.clientId),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES, "ENDED"]),
      ),
    );
  const endedLast =
    rows
      .filter((row) => row.status === "ENDED" && row.endDate !== null)
      .map((row) => row.endDate!)
      .sort()
      .at(-1) ?? null;
  rows = rows.filter((row) => row.status !== "ENDED");
  const frozen = rows.find((row) => row.status === "FROZEN");
  const ends = rows.map((row) => row.endDate);
  const open = ends.some((end) => end === null || end >= "9999-12-31");
  const last =
    ends
      .filter((end): end is string => end !== null)
      .sort()
      .at(-1) ?? null;
  return {
    hasLive: rows.length > 0,
    frozenAt: frozen ? (frozen.frozenAt ?? new Date(0)) : null,
    coverageEndsAt:
      open || last === null ? null : zonedDateTimeToInstant(addDays(last, 1), "00:00", input.zone),
    endedCoverageEndsAt:
      rows.length > 0 || endedLast === null
        ? null
        : zonedDateTimeToInstant(addDays(endedLast, 1), "00:00", input.zone),
  };
}
