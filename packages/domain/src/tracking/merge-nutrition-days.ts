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
import type { NutritionRows, NutritionTotalsRows, SnapshotRow } from "./nutrition-rows";
import { mealsById, planDayFor, type NutritionSubject } from "./nutrition-subject";
import { asArray, str } from "./stored-items";

/** Grams of a macro per exchange portion (exchanges unit): protein 7, carbs 15, fat 5. */
export const GRAMS_PER_PORTION = { protein: 7, carbs: 15, fat: 5 } as const;

/** A nutrition day as the range views read it: targets, eaten totals and slots. */
export interface NutritionDayTotals {
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
}

/** A nutrition day with its meals (the day detail). */
export interface NutritionSourceDay extends NutritionDayTotals {
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
    const meals = planMealsOf(planDay, snapshotsOf.get(date) ?? [], byId, rows.foods);
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
    return {
      date,
      ...targetsOf(planDay),
      eaten: totalsOf(meals),
      slots,
      logged: meals.some((m) => m.counted),
      meals,
    };
  });
}

/** The plan day's mode and targets (grams and exchange portions); nulls without a plan day. */
function targetsOf(
  planDay: NutritionDay | null,
): Pick<NutritionDayTotals, "mode" | "target" | "targetPortions"> {
  const t = planDay?.targets;
  return {
    mode: planDay ? modeOf(planDay) : null,
    target: t ? { kcal: t.kcal, protein: t.protein, carbs: t.carbs, fat: t.fat } : null,
    targetPortions: t
      ? {
          protein: t.mbpProtein ?? t.protein / GRAMS_PER_PORTION.protein,
          carbs: t.mbpCarb ?? t.carbs / GRAMS_PER_PORTION.carbs,
          fat: t.mbpFat ?? t.fat / GRAMS_PER_PORTION.fat,
        }
      : null,
  };
}

/**
 * A date's plan meals, in order: the plan day's meals, then any plan meal a snapshot of the date
 * names (a snapshot of a meal no longer in the plan is skipped); each with its snapshot.
 */
function planMealsOf(
  planDay: NutritionDay | null,
  snapshots: SnapshotRow[],
  byId: Map<string, Meal>,
  foods: NutritionRows["foods"],
): DayMeal[] {
  const meals: DayMeal[] = [];
  const dayMealIds = new Set(planDay?.meals.map((m) => m.id) ?? []);
  const snapshotOf = new Map(snapshots.map((s) => [s.mealId, s]));
  const planMeals: Meal[] = [
    ...(planDay?.meals ?? []),
    ...snapshots.filter((s) => !dayMealIds.has(s.mealId)).flatMap((s) => byId.get(s.mealId) ?? []),
  ];
  for (const meal of planMeals) {
    const snapshot = snapshotOf.get(meal.id);
    if (!snapshot) continue;
    const dayMeal = planMealOf(meal, snapshot, foods);
    if (dayMeal) meals.push(dayMeal);
  }
  return meals;
}

/**
 * The days of a span as the range views read them (pure): the same targets, eaten totals, slots
 * and logged flag as mergeNutritionDays (the same values added in the same order), without
 * building the custom meals and meal logs as display meals (no labels, notes, photos, linked
 * log times). Every custom meal and meal log counts (a snack, a log by its local hour).
 */
export function mergeNutritionTotals(
  subject: Pick<NutritionSubject, "zone" | "today" | "plan">,
  range: DayRange,
  rows: NutritionTotalsRows,
): NutritionDayTotals[] {
  const { plan, today, zone } = subject;
  const byId = plan.kind === "plan" ? mealsById(plan.content) : new Map<string, Meal>();
  const snapshotsOf = groupBy(rows.snapshots, (s) => s.date);
  const customOf = groupBy(rows.customMeals, (c) => c.date);
  const logsOf = groupBy(rows.mealLogs, (l) => l.day);

  return keysOf(range).map((date): NutritionDayTotals => {
    const planDay = planDayFor(plan, today, date);
    const eaten = { ...ZERO };
    const slots: Record<MealSlot, boolean> = { breakfast: false, lunch: false, dinner: false, snack: false };
    let logged = false;
    const add = (line: FoodLine) => {
      eaten.kcal += line.kcal ?? 0;
      eaten.protein += line.protein ?? 0;
      eaten.carbs += line.carbs ?? 0;
      eaten.fat += line.fat ?? 0;
    };
    const addLogged = (items: unknown) => {
      for (const item of asArray(items)) {
        const line = loggedLine(rows.foods, item);
        if (line) add(line);
      }
    };
    for (const meal of planMealsOf(planDay, snapshotsOf.get(date) ?? [], byId, rows.foods)) {
      if (!meal.counted) continue;
      for (const line of meal.foods) add(line);
      slots[meal.slot] = true;
      logged = true;
    }
    for (const custom of customOf.get(date) ?? []) {
      addLogged(custom.items);
      slots.snack = true;
      logged = true;
    }
    for (const log of logsOf.get(date) ?? []) {
      addLogged(log.items);
      slots[slotOfHour(Number(localTimeOf(log.consumedAt, zone).slice(0, 2)))] = true;
      logged = true;
    }
    return { date, ...targetsOf(planDay), eaten, slots, logged };
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
