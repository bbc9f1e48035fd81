import { TRACKING_RANGE_DAYS, type TrackingRangeQuery, type NutritionView } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { lastDays, previousRange, type DayRange } from "../time/day-keys";
import { loadNutritionSubject, type NutritionSubject } from "./nutrition-subject";
import { loadNutritionSpan, summarizeNutrition, unitOf, type NutritionPeriod } from "./nutrition-period";

const periodOut = ({
  from,
  to,
  loggedDays,
  adherencePct,
  averageConsumed,
  averageTarget,
}: NutritionPeriod) => ({
  from,
  to,
  loggedDays,
  adherencePct,
  averageConsumed,
  averageTarget,
});

/**
 * The nutrition view of a span (shared with the insight, which skips the comparison): the days
 * source in 62-day chunks, summarized in the unit of the span's first day.
 */
export async function nutritionViewOf(
  db: Db,
  scope: StudioScope,
  subject: NutritionSubject,
  range: DayRange,
  options: { withPrevious: boolean },
): Promise<Omit<NutritionView, "range">> {
  const previousSpan = previousRange(range);
  const [current, before] = await Promise.all([
    loadNutritionSpan(db, scope, subject, range),
    options.withPrevious ? loadNutritionSpan(db, scope, subject, previousSpan) : Promise.resolve(null),
  ]);
  const unit = unitOf(current);
  const hasTargets = subject.plan.kind === "plan";
  const period = summarizeNutrition(range, current, unit, hasTargets);
  const previous = before ? summarizeNutrition(previousSpan, before, unit, hasTargets) : null;
  return {
    ...periodOut(period),
    unit,
    filePlan: subject.plan.kind === "file",
    days: period.days,
    previous: previous && previous.loggedDays > 0 ? periodOut(previous) : null,
  };
}

/**
 * `GET /v1/web/clients/:id/tracking/nutrition?range` (document 2 "Nutrition view"): per day
 * eaten and target totals, status (calories only), slots; adherencePct, averages over logged
 * days, the previous equal span (null without a logged day there), unit; a file plan answers
 * filePlan true with null targets and adherence.
 */
export async function getClientNutrition(
  db: Db,
  scope: StudioScope,
  input: TrackingRangeQuery,
): Promise<NutritionView> {
  const subject = await loadNutritionSubject(db, scope, input.id);
  const range = lastDays(scope.now, subject.zone, TRACKING_RANGE_DAYS[input.range]);
  return {
    range: input.range,
    ...(await nutritionViewOf(db, scope, subject, range, { withPrevious: true })),
  };
}
