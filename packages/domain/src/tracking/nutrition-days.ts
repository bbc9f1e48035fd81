// The partner nutrition days source (document 2 "Client tracking", nutrition view and day
// detail): for a span of at most 62 local days it merges the active NUTRITION plan (targets and
// meals, plan day by rotation with today as the first plan day), the plan-day snapshots
// (nutrition_day_meals), custom meals and free meal logs (meal_logs) without double counting
// (a custom meal that mirrors a meal log counts once, as the custom meal), with the studio's
// effective food values (food_overrides over foods). Three queries for the span's rows plus one
// for the foods they name, whatever its length; the plan is read once by the caller.
// Choices where the spec is silent: docs/decisions/tracking.md "Coach nutrition views".

import type { DbOrTx } from "@studio/db";
import { validation } from "../errors";
import { lengthOf, type DayRange } from "../time/day-keys";
import {
  mergeNutritionDays,
  mergeNutritionTotals,
  type NutritionDayTotals,
  type NutritionSourceDay,
} from "./merge-nutrition-days";
import { loadNutritionRows, loadNutritionTotalsRows } from "./nutrition-rows";
import type { NutritionSubject } from "./nutrition-subject";
import type { StudioScope } from "../scope";

/** The longest span the source reads at once (document 2 limits "Nutrition range chunk"). */
export const NUTRITION_SPAN_LIMIT_DAYS = 62;

/**
 * The partner nutrition days source: the merged days of a span of at most 62 days (a longer
 * span is refused; callers split with chunksOf).
 */
export async function loadNutritionDays(
  db: DbOrTx,
  scope: StudioScope,
  subject: NutritionSubject,
  range: DayRange,
): Promise<NutritionSourceDay[]> {
  assertSpan(range);
  const rows = await loadNutritionRows(db, scope, subject, range);
  return mergeNutritionDays(subject, range, rows);
}

/**
 * The source's days of a span of at most 62 days as the range views read them: targets, eaten
 * totals and slots without the meals (mergeNutritionTotals).
 */
export async function loadNutritionDayTotals(
  db: DbOrTx,
  scope: StudioScope,
  subject: NutritionSubject,
  range: DayRange,
): Promise<NutritionDayTotals[]> {
  assertSpan(range);
  const rows = await loadNutritionTotalsRows(db, scope, subject, range);
  return mergeNutritionTotals(subject, range, rows);
}

function assertSpan(range: DayRange): void {
  const length = lengthOf(range);
  if (length < 1 || length > NUTRITION_SPAN_LIMIT_DAYS)
    throw validation(`the nutrition days source reads 1 to ${NUTRITION_SPAN_LIMIT_DAYS} days`);
}
