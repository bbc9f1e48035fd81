// Merges the rows of a span into its nutrition days (pure; the unit tests drive it): plan meals
// by snapshot, custom meals, unmirrored meal logs, with eaten totals, slots and the plan day's
// targets in grams and in exchange portions.

import type { Meal, NutritionDay } from "@studio/contracts";
import { keysOf, localTimeOf, type DayRange } from "../time/day-keys";
import {
  loggedLine,
  planMealOf,
  slotOfHour,
  type DayMeal,
  type FoodLine,
  type Macros,
  type MealSlot,
} from "./nutrition-day-meals";
import type { NutritionRows } from "./nutrition-rows";
import { mealsById, planDayFor, type NutritionSubject } from "./nutrition-subject";
import { asArray, str } from "./stored-items";

/** Grams of a macro per exchange portion (exchanges unit): protein 7, carbs 15, fat 5. */
export const GRAMS_PER_PORTION = { protein: 7, carbs: 15, fat: 5 } as const;

export interface NutritionSourceDay {
  date: string;
  /** mbp when the plan day carries exchange targets, grams for another plan day, null without a plan. */
  mode: "mbp" | "grams" | null;
  /** The plan day's targets in grams (kcal, protein, carbs, fat); null without a plan. */
  target: Macros | null;
  /** Exchange targets (mbpProtein, mbpCarb, mbpFat; missing ones from the gram targets). */
  targetPortions: Omit<Macros, "kcal"> | null;
  /** Eaten totals in grams over the counted meals. */
  eaten: Macros;
  slots: Record<MealSlot, boolean>;
  /** True when at least one meal counts. */
  logged: boolean;
  meals: DayMeal[];
}

const ZERO: Macros = { kcal: 0, protein: 0, carbs: 0, fat: 0 };

function totalsOf(meals: DayMeal[]): Macros {
  const total = { ...ZERO };
  for (const meal of meals) {
    if (!meal.counted) continue;
    for (const line of meal.foods) {
      total.kcal += line.kcal ?? 0;
      total.protein += line.protein ?? 0;
      total.carbs += line.carbs ?? 0;
      total.fat += line.fat ?? 0;
    }
  }
  return total;
}

function modeOf(day: NutritionDay): "mbp" | "grams" {
  const t = day.targets;
  return t.mbpProtein || t.mbpCarb || t.mbpFat ? "mbp" : "grams";
}

/**
 * Merges the rows of a span into its days, oldest first (pure; the unit tests drive it). Plan
 * meals come from the plan day's meals and from any plan meal a snapshot of the date names (a
 * snapshot of a meal no longer in the plan is skipped); then custom meals; then the meal logs no
 * custom meal mirrors (each counted once).
 */
export function mergeNutritionDays(
  subject: Pick<NutritionSubject, "zone" | "today" | "plan">,
  range: DayRange,
  rows: NutritionRows,
): NutritionSourceDay[] {
  const { plan, today, zone } = subject;
  const byId = plan.kind === "plan" ? mealsById(plan.content) : new Map<string, Meal>();
  const snapshotsOf = groupBy(rows.snapshots, (s) => s.date);
  const customOf = groupBy(rows.customMeals, (c) => c.date);
  const logsOf = groupBy(rows.mealLogs, (l) => l.day);
  // One zone conversion per instant (Intl's formatToParts is the merge's largest cost, issue 30).
  const timeOf = (instant: Date) => localTimeOf(instant, zone);
  const hourOf = (time: string) => Number(time.slice(0, 2));

  return keysOf(range).map((date): NutritionSourceDay => {
    const planDay = planDayFor(plan, today, date);
    const meals: DayMeal[] = [];
    const dayMealIds = new Set(planDay?.meals.map((m) => m.id) ?? []);
    const snapshots = snapshotsOf.get(date) ?? [];
    const snapshotOf = new Map(snapshots.map((s) => [s.mealId, s]));
    const planMeals: Meal[] = [
      ...(planDay?.meals ?? []),
      ...snapshots.filter((s) => !dayMealIds.has(s.mealId)).flatMap((s) => byId.get(s.mealId) ?? []),
    ];
    for (const meal of planMeals) {
      const snapshot = snapshotOf.get(meal.id);
      if (!snapshot) continue;
      const dayMeal = planMealOf(meal, snapshot, rows.foods);
      if (dayMeal) meals.push(dayMeal);
    }
    for (const custom of customOf.get(date) ?? []) {
      const linkedTime = custom.linkedConsumedAt ? timeOf(custom.linkedConsumedAt) : null;
      const foodsOf = asArray(custom.items)
        .map((item) => loggedLine(rows.foods, item))
        .filter((line): line is FoodLine => line !== null);
      meals.push({
        id: `custom:${custom.id}`,
        source: "custom",
        slot: "snack",
        detailSlot: linkedTime !== null ? slotOfHour(hourOf(linkedTime)) : "snack",
        label: str(custom.label),
        time: linkedTime,
        foods: foodsOf,
        note: custom.note,
        photoUrl: custom.photoUrl,
        counted: true,
      });
    }
    for (const log of logsOf.get(date) ?? []) {
      const foodsOf = asArray(log.items)
        .map((item) => loggedLine(rows.foods, item))
        .filter((line): line is FoodLine => line !== null);
      const time = timeOf(log.consumedAt);
      const slot = slotOfHour(hourOf(time));
      meals.push({
        id: `log:${log.id}`,
        source: "log",
        slot,
        detailSlot: slot,
        label: null,
        time,
        foods: foodsOf,
        note: log.note,
        photoUrl: log.photoUrl,
        counted: true,
      });
    }
    const slots: Record<MealSlot, boolean> = { breakfast: false, lunch: false, dinner: false, snack: false };
    for (const meal of meals) if (meal.counted) slots[meal.slot] = true;
    const t = planDay?.targets;
    return {
      date,
      mode: planDay ? modeOf(planDay) : null,
      target: t ? { kcal: t.kcal, protein: t.protein, carbs: t.carbs, fat: t.fat } : null,
      targetPortions: t
        ? {
            protein: t.mbpProtein ?? t.protein / GRAMS_PER_PORTION.protein,
            carbs: t.mbpCarb ?? t.carbs / GRAMS_PER_PORTION.carbs,
            fat: t.mbpFat ?? t.fat / GRAMS_PER_PORTION.fat,
          }
        : null,
      eaten: totalsOf(meals),
      slots,
      logged: meals.some((m) => m.counted),
      meals,
    };
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
