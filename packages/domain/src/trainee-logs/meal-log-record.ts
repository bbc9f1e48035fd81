import type {
  CustomMealCreateInput,
  CustomMealRecord,
  LoggedFood,
  MealLogRecord,
  MealLogSource,
} from "@studio/contracts";
import type { customMeals, mealLogs } from "@studio/db";

type LoggedFoodInput = NonNullable<CustomMealCreateInput["items"]>[number];

/** The stored foods of a meal input: every field present, unknown values null. */
export const storedFoods = (items: LoggedFoodInput[]): LoggedFood[] =>
  items.map((item) => ({
    foodId: item.foodId ?? null,
    name: item.name,
    qty: item.qty ?? null,
    kcal: item.kcal ?? null,
    protein: item.protein ?? null,
    carbs: item.carbs ?? null,
    fat: item.fat ?? null,
  }));

export function toMealLog(row: typeof mealLogs.$inferSelect): MealLogRecord {
  return {
    id: row.id,
    consumedAt: row.consumedAt.toISOString(),
    day: row.day,
    source: row.source as MealLogSource,
    items: (row.items ?? []) as LoggedFood[],
    photoUrl: row.photoUrl,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCustomMeal(row: typeof customMeals.$inferSelect): CustomMealRecord {
  return {
    id: row.id,
    date: row.date,
    label: row.label,
    items: (row.items ?? []) as LoggedFood[],
    note: row.note,
    photoUrl: row.photoUrl,
    mealLogId: row.mealLogId,
    createdAt: row.createdAt.toISOString(),
  };
}
