import { and, asc, between, eq } from "drizzle-orm";
import { TRACKING_LIMITS, type HealthSummary, type HealthSummaryQuery } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { addDays, daysBetween } from "../time/zoned-time";
import { dayKeyOf } from "../time/day-keys";
import { fieldError, loadTraineeDay } from "./trainee-day";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Default span of the summary: from 7 days ago to today. */
export const HEALTH_SUMMARY_DEFAULT_DAYS = 7;

/**
 * `GET /v1/trainee/health/summary` (document 3): per-day steps of the days in [from, to] that
 * have a stored row (steps 0 when the row holds none). from defaults to 7 days ago, to to now;
 * a date-time is read as its local day in the trainee zone. The heart-rate fields are always
 * null (kept for older app builds). from after to, or a span over 366 days: VALIDATION.
 */
export async function getHealthSummary(
  db: Db,
  scope: TraineeScope,
  input: HealthSummaryQuery,
): Promise<HealthSummary> {
  const day = await loadTraineeDay(db, scope);
  const keyOf = (value: string) => (DATE_ONLY.test(value) ? value : dayKeyOf(new Date(value), day.zone));
  const to = input.to === undefined ? day.today : keyOf(input.to);
  const from =
    input.from === undefined ? addDays(day.today, -HEALTH_SUMMARY_DEFAULT_DAYS) : keyOf(input.from);
  if (from > to) throw fieldError("from", "must not be after to");
  if (daysBetween(from, to) + 1 > TRACKING_LIMITS.healthSummaryDaysMax) {
    throw fieldError("from", `the span must be at most ${TRACKING_LIMITS.healthSummaryDaysMax} days`);
  }
  const rows = await db
    .select({ date: dailyMetrics.date, steps: dailyMetrics.steps })
    .from(dailyMetrics)
    .where(
      and(
        eq(dailyMetrics.clientId, day.clientId),
        eq(dailyMetrics.studioId, scope.studioId),
        between(dailyMetrics.date, from, to),
      ),
    )
    .orderBy(asc(dailyMetrics.date));
  return {
    from,
    to,
    days: rows.map((r) => ({ date: r.date, steps: r.steps ?? 0 })),
    restingHeartRate: null,
    avgHeartRate: null,
    latestHeartRate: null,
  };
}
