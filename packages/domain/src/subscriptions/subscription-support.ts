import { and, asc, eq, inArray } from "drizzle-orm";
import {
  LIVE_SUBSCRIPTION_STATUSES,
  type DurationUnit,
  type Plan,
  type Subscription,
} from "@studio/contracts";
import { plans, studios, subscriptions, type DbOrTx } from "@studio/db";
import { AppError, notFound } from "../errors";
import type { StudioScope } from "../scope";
import { addDays, dateKeyParts, daysBetween, daysInMonth, localParts, pickTimeZone } from "../time";

type PlanRow = typeof plans.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  priceAgorot: row.priceAgorot,
  durationValue: row.durationValue,
  durationUnit: (row.durationUnit as DurationUnit | null) ?? null,
  isActive: row.isActive,
  trigger: row.trigger as Plan["trigger"],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

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

/** A plan of the studio; another studio's id answers like a missing one. */
export async function loadPlanRow(db: DbOrTx, scope: StudioScope, id: string): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.studioId, scope.studioId)))
    .limit(1);
  if (!row) throw notFound("plan");
  return row;
}

/** Price and duration come together (value and unit) or not at all. */
export function assertDurationPair(value: number | null, unit: string | null): void {
  if ((value === null) !== (unit === null))
    throw new AppError("BAD_REQUEST", "durationValue and durationUnit go together: send both or neither");
}

/** Today's civil date in the studio's zone (scope.now is the clock). */
export async function studioToday(db: DbOrTx, scope: StudioScope): Promise<string> {
  const [studio] = await db
    .select({ timezone: studios.timezone })
    .from(studios)
    .where(eq(studios.id, scope.studioId))
    .limit(1);
  return localParts(scope.now, pickTimeZone(studio?.timezone)).date;
}

const LAST_DATE = "9999-12-31";

/** The end date of a subscription starting on `start` (civil dates; months clamp to the month's last day). */
export function endDateOf(start: string, value: number, unit: DurationUnit): string {
  const tooLate = () => new AppError("BAD_REQUEST", `the subscription would end after ${LAST_DATE}`);
  if (unit === "DAYS") {
    if (value > daysBetween(start, LAST_DATE)) throw tooLate();
    return addDays(start, value);
  }
  const { y, m, d } = dateKeyParts(start);
  const months = m - 1 + value;
  const year = y + Math.floor(months / 12);
  if (year > 9999) throw tooLate();
  const month = (months % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

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
