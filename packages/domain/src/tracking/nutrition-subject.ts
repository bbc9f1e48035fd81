// The trainee a nutrition view reads and its active NUTRITION plan (document 2 shared rules),
// with the plan day of a date by rotation (today is the first plan day).

import type { Meal, NutritionContent, NutritionDay } from "@studio/contracts";
import type { DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadTrackedTrainee } from "./tracked-trainee";
import { loadActivePlan, type ActiveNutritionPlan } from "./active-plan";
import { nutritionDayAt } from "../templates/nutrition-day-at";
import { daysBetween } from "../time/zoned-time";

/** The trainee whose views are read, with its day zone and today's key. */
export interface NutritionSubject {
  clientId: string;
  zone: string;
  today: string;
  plan: NutritionPlan;
}

export type NutritionPlan = ActiveNutritionPlan;

/** The trainee and its active nutrition plan (two queries). */
export async function loadNutritionSubject(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
): Promise<NutritionSubject> {
  const { zone, today } = await loadTrackedTrainee(db, scope, clientId);
  const plan = await loadActivePlan(db, scope, clientId, "NUTRITION");
  return { clientId, zone, today, plan };
}

/**
 * The plan day of a date: rotation with today as the first plan day (offset = days from today
 * to the date; yesterday is the last plan day, tomorrow the second). Null without a plan.
 */
export function planDayFor(plan: NutritionPlan, today: string, date: string): NutritionDay | null {
  if (plan.kind !== "plan") return null;
  return nutritionDayAt(plan.content, daysBetween(today, date));
}

/** The plan's meals by id (the first day naming an id wins). */
export function mealsById(content: NutritionContent): Map<string, Meal> {
  const map = new Map<string, Meal>();
  for (const day of content.days) for (const meal of day.meals) if (!map.has(meal.id)) map.set(meal.id, meal);
  return map;
}
