// A period of the nutrition view (document 2 "Nutrition view"): the nutrition days source read
// in chunks of 62 days, then per-day status, slots, unit, adherence and averages. Pure summary
// functions plus the chunked read; the view and the insight share them.

import { NUTRITION_STATUS_TOLERANCE, type NutritionTotals, type NutritionUnit } from "@studio/contracts";
import type { DbOrTx } from "@studio/db";
import { chunksOf, type DayRange } from "../time/day-keys";
import { GRAMS_PER_PORTION, type NutritionDayTotals } from "./merge-nutrition-days";
import type { Macros } from "./nutrition-day-meals";
import { loadNutritionDayTotals, NUTRITION_SPAN_LIMIT_DAYS } from "./nutrition-days";
import type { NutritionSubject } from "./nutrition-subject";
import type { StudioScope } from "../scope";

export type NutritionDayStatus = "none" | "under" | "full" | "over";

/** The days of any span (totals, no meals): 62-day chunks of the source, read in parallel, oldest first. */
export async function loadNutritionSpan(
  db: DbOrTx,
  scope: StudioScope,
  subject: NutritionSubject,
  range: DayRange,
): Promise<NutritionDayTotals[]> {
  const chunks = await Promise.all(
    chunksOf(range, NUTRITION_SPAN_LIMIT_DAYS).map((chunk) =>
      loadNutritionDayTotals(db, scope, subject, chunk),
    ),
  );
  return chunks.flat();
}

/**
 * Status (calories only): none when nothing is logged; with a target, full within ±10% of it,
 * under below, over above; null when logged without a target (no plan or a file plan).
 */
export function dayStatus(
  eatenKcal: number,
  targetKcal: number | null,
  logged: boolean,
): NutritionDayStatus | null {
  if (!logged) return "none";
  if (targetKcal === null || targetKcal <= 0) return null;
  const ratio = eatenKcal / targetKcal;
  if (ratio < 1 - NUTRITION_STATUS_TOLERANCE) return "under";
  if (ratio > 1 + NUTRITION_STATUS_TOLERANCE) return "over";
  return "full";
}

/** unit: exchanges when the first day reports mode mbp, else grams. */
export const unitOf = (days: NutritionDayTotals[]): NutritionUnit =>
  days[0]?.mode === "mbp" ? "exchanges" : "grams";

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Totals in the unit: calories whole; macros one decimal, grams or exchange portions. */
export function inUnit(grams: Macros, unit: NutritionUnit): NutritionTotals {
  const p = unit === "exchanges" ? GRAMS_PER_PORTION : { protein: 1, carbs: 1, fat: 1 };
  return {
    kcal: Math.round(grams.kcal),
    protein: oneDecimal(grams.protein / p.protein),
    carbs: oneDecimal(grams.carbs / p.carbs),
    fat: oneDecimal(grams.fat / p.fat),
  };
}

/** A day's target in the unit (exchange targets are the plan's portions). */
export function targetInUnit(day: NutritionDayTotals, unit: NutritionUnit): NutritionTotals | null {
  if (!day.target) return null;
  if (unit === "grams" || !day.targetPortions) return inUnit(day.target, "grams");
  return {
    kcal: Math.round(day.target.kcal),
    protein: oneDecimal(day.targetPortions.protein),
    carbs: oneDecimal(day.targetPortions.carbs),
    fat: oneDecimal(day.targetPortions.fat),
  };
}

function average(values: NutritionTotals[]): NutritionTotals | null {
  if (values.length === 0) return null;
  const sum = (key: keyof NutritionTotals) => values.reduce((acc, v) => acc + v[key], 0) / values.length;
  return {
    kcal: Math.round(sum("kcal")),
    protein: oneDecimal(sum("protein")),
    carbs: oneDecimal(sum("carbs")),
    fat: oneDecimal(sum("fat")),
  };
}

export interface NutritionPeriod {
  from: string;
  to: string;
  loggedDays: number;
  fullDays: number;
  adherencePct: number | null;
  averageConsumed: NutritionTotals | null;
  averageTarget: NutritionTotals | null;
  days: {
    date: string;
    eaten: NutritionTotals;
    target: NutritionTotals | null;
    status: NutritionDayStatus | null;
    logged: boolean;
    meals: { breakfast: boolean; lunch: boolean; dinner: boolean; snack: boolean };
  }[];
}

/**
 * Summarizes the merged days in `unit`. adherencePct = full days / all days, rounded (null for
 * a file plan or without a plan); averages over logged days only (target average over the logged
 * days that have a target).
 */
export function summarizeNutrition(
  range: DayRange,
  source: NutritionDayTotals[],
  unit: NutritionUnit,
  hasTargets: boolean,
): NutritionPeriod {
  const days = source.map((day) => {
    const eaten = inUnit(day.eaten, unit);
    const target = hasTargets ? targetInUnit(day, unit) : null;
    return {
      date: day.date,
      eaten,
      target,
      status: dayStatus(day.eaten.kcal, target ? day.target!.kcal : null, day.logged),
      logged: day.logged,
      meals: { ...day.slots },
    };
  });
  const logged = days.filter((d) => d.logged);
  const fullDays = days.filter((d) => d.status === "full").length;
  return {
    from: range.from,
    to: range.to,
    loggedDays: logged.length,
    fullDays,
    adherencePct: hasTargets && days.length > 0 ? Math.round((fullDays / days.length) * 100) : null,
    averageConsumed: average(logged.map((d) => d.eaten)),
    averageTarget: hasTargets ? average(logged.flatMap((d) => (d.target ? [d.target] : []))) : null,
    days,
  };
}
