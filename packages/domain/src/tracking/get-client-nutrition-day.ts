import type { NutritionDayDetail, NutritionDayQuery } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import type { DayMeal } from "./nutrition-day-meals";
import { loadNutritionDays } from "./nutrition-days";
import { loadNutritionSubject } from "./nutrition-subject";

type DetailMeal = NutritionDayDetail["meals"][number];

/**
 * A meal as a display line set (document 2 "Day detail"): a single food whose name equals the
 * label with no quantity is emptied; a meal with no label, foods, photo and note is dropped.
 */
export function displayMeal(meal: DayMeal): DetailMeal | null {
  let foods = meal.foods.map((f) => ({
    foodId: f.foodId,
    name: f.name,
    qty: f.qty === null ? null : round1(f.qty),
  }));
  if (foods.length === 1 && foods[0]!.qty === null && foods[0]!.name === meal.label) foods = [];
  if (!meal.label && foods.length === 0 && !meal.photoUrl && !meal.note) return null;
  return {
    id: meal.id,
    source: meal.source,
    slot: meal.detailSlot,
    label: meal.label,
    time: meal.time,
    foods,
    note: meal.note,
    photoUrl: meal.photoUrl,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * `GET /v1/web/clients/:id/tracking/nutrition/:date` (document 2 "Day detail"): the day's logged
 * meals from the nutrition days source, in source order: plan meals (plan:<mealId>), custom meals
 * (custom:<mealId>), meal logs no custom meal mirrors (log:<logId>), with the studio's effective
 * food names. The date is a real calendar date (the contract refuses 2025-02-30).
 */
export async function getClientNutritionDay(
  db: Db,
  scope: StudioScope,
  input: NutritionDayQuery,
): Promise<NutritionDayDetail> {
  const subject = await loadNutritionSubject(db, scope, input.id);
  const [day] = await loadNutritionDays(db, scope, subject, { from: input.date, to: input.date });
  const meals = (day?.meals ?? []).filter((m) => m.counted).flatMap((m) => displayMeal(m) ?? []);
  return { date: input.date, meals };
}
