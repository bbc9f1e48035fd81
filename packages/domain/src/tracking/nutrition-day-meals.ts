// One meal of a nutrition day from its source (document 2 "Day detail"): a plan meal with its
// snapshot, or a logged food line (custom meal, meal log), with the studio's effective values;
// the slot a meal type or a local hour falls in.

import type { Meal, MealType } from "@studio/contracts";
import type { EffectiveFood, SnapshotRow } from "./nutrition-rows";
import { asArray, num, str } from "./stored-items";

export const MEAL_SLOTS = ["breakfast", "lunch", "dinner", "snack"] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];

export interface Macros {
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
}

/** One display line: a food with its effective name, grams and values (values null when unknown). */
export interface FoodLine {
  foodId: string | null;
  name: string;
  qty: number | null;
  kcal: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
}

/** One meal of a day, from one of the three sources, as logged (only what counts). */
export interface DayMeal {
  /** plan:<mealId>, custom:<mealId>, log:<logId>. */
  id: string;
  source: "plan" | "custom" | "log";
  /** The view's slot (custom meals are snacks there). */
  slot: MealSlot;
  /** The day detail's slot (a custom meal takes its linked log's local hour). */
  detailSlot: MealSlot;
  label: string | null;
  /** Local "HH:mm" (plan meal time, the log's consumedAt), null when unknown. */
  time: string | null;
  foods: FoodLine[];
  note: string | null;
  photoUrl: string | null;
  /** Counts for the day's eaten totals and slots (a plan meal eaten outside, replaced, or with an eaten item). */
  counted: boolean;
}

/** Slot of a plan meal type: snack_am, pre and post are snacks. */
export function slotOfMealType(type: MealType): MealSlot {
  if (type === "breakfast" || type === "lunch" || type === "dinner") return type;
  return "snack";
}

/** Slot of a free meal by its local hour: before 11 breakfast, before 16 lunch, before 19 snack, else dinner. */
export function slotOfHour(hour: number): MealSlot {
  if (hour < 11) return "breakfast";
  if (hour < 16) return "lunch";
  if (hour < 19) return "snack";
  return "dinner";
}

const scaled = (per100: number | null, qty: number | null): number | null =>
  per100 === null || qty === null ? null : (per100 * qty) / 100;

/** A line for a library food at `qty` grams (effective name and values; unknown food keeps `fallbackName`). */
function foodLine(
  foodsById: Map<string, EffectiveFood>,
  foodId: string | null,
  qty: number | null,
  fallbackName: string | null,
): FoodLine | null {
  const food = foodId ? foodsById.get(foodId) : undefined;
  const name = food?.name ?? fallbackName;
  if (!name) return null;
  return {
    foodId,
    name,
    qty,
    kcal: scaled(food?.kcal ?? null, qty),
    protein: scaled(food?.protein ?? null, qty),
    carbs: scaled(food?.carbs ?? null, qty),
    fat: scaled(food?.fat ?? null, qty),
  };
}

/**
 * A logged food (meal log or custom meal item): the effective food's name when it names a
 * library food; its own stored values, else the effective food's values for its grams.
 */
export function loggedLine(
  foodsById: Map<string, EffectiveFood>,
  item: Record<string, unknown>,
): FoodLine | null {
  const foodId = str(item.foodId);
  const qty = num(item.qty);
  const base = foodLine(foodsById, foodId, qty, str(item.name));
  if (!base) return null;
  const own = (key: keyof Macros) => num(item[key]);
  return {
    ...base,
    kcal: own("kcal") ?? base.kcal,
    protein: own("protein") ?? base.protein,
    carbs: own("carbs") ?? base.carbs,
    fat: own("fat") ?? base.fat,
  };
}

/**
 * A plan meal with its snapshot (document 2 "Day detail"): removed → null; replaced → the
 * replacement's name with the foods added to it; eaten outside → every plan item (swaps and
 * adjusted portions applied) and the added foods; otherwise the eaten items and the added foods.
 * An item without a state is eaten when the meal's status is eaten. It counts when eaten
 * outside, replaced, or with at least one eaten item (or added food).
 */
export function planMealOf(
  meal: Meal,
  snapshot: SnapshotRow,
  foodsById: Map<string, EffectiveFood>,
): DayMeal | null {
  const status = snapshot.status;
  if (status === "removed") return null;
  const states = new Map(asArray(snapshot.items).map((s) => [str(s.itemId) ?? "", s]));
  const added = asArray(snapshot.addedItems)
    .map((a) => foodLine(foodsById, str(a.foodId), num(a.qty), null))
    .filter((line): line is FoodLine => line !== null);
  let lines: FoodLine[];
  let label: string | null = str(meal.label);
  if (status === "replaced") {
    label = str(snapshot.replacementName) ?? label;
    lines = added;
  } else {
    const items: FoodLine[] = [];
    for (const item of meal.items) {
      const state = states.get(item.id);
      const eaten = state ? state.eaten === true : status === "eaten";
      if (status !== "eatenOutside" && !eaten) continue;
      const foodId = str(state?.swapFoodId) ?? str(item.foodId);
      const qty = num(state?.qty) ?? num(item.qty);
      const line = foodLine(foodsById, foodId, qty, null);
      if (line) items.push(line);
    }
    lines = [...items, ...added];
  }
  const counted = status === "eatenOutside" || status === "replaced" || lines.length > 0;
  const slot = slotOfMealType(meal.type);
  return {
    id: `plan:${meal.id}`,
    source: "plan",
    slot,
    detailSlot: slot,
    label,
    time: str(meal.time),
    foods: lines,
    note: null,
    photoUrl: null,
    counted,
  };
}
