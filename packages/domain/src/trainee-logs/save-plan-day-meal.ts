import { and, desc, eq, sql } from "drizzle-orm";
import type { AddedFood, PlanDayMealInput, PlanDayMealRecord, PlanMealStatus } from "@studio/contracts";
import { nutritionDayMeals, programs, type Db, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { normalizeNutritionContent } from "../templates/normalize-nutrition-content";
import { loadTraineeToday } from "../trainee/trainee-today";
import { assertFoodsVisible, assertPastOrToday, fieldError } from "./logging-rules";

type PlanMeal = { programId: string; itemIds: Set<string> };

/**
 * The meal `mealId` of the trainee's ACTIVE nutrition plans (most recently updated first; file
 * plans hold no meals), with its item ids; null when none holds it.
 */
async function findPlanMeal(db: DbOrTx, scope: TraineeScope, mealId: string): Promise<PlanMeal | null> {
  const rows = await db
    .select({ id: programs.id, content: programs.content })
    .from(programs)
    .where(
      and(
        eq(programs.studioId, scope.studioId),
        eq(programs.clientId, scope.actor.clientId),
        eq(programs.status, "ACTIVE"),
        eq(programs.type, "NUTRITION"),
        sql`coalesce(${programs.pdfUrl}, '') = ''`,
      ),
    )
    .orderBy(desc(programs.updatedAt), desc(programs.id));
  for (const row of rows) {
    for (const day of normalizeNutritionContent(row.content).days) {
      const meal = day.meals.find((m) => m.id === mealId);
      if (meal) return { programId: row.id, itemIds: new Set(meal.items.map((item) => item.id)) };
    }
  }
  return null;
}

/**
 * `PUT /v1/trainee/nutrition/days/:date/meals/:mealId`: what happened to one plan meal on one
 * day, replaced whole (unique on trainee, date and meal). The date is not in the future; the
 * meal is one of the trainee's active nutrition plan (NOT_FOUND meal not found otherwise); item
 * ids are items of that meal, each once; swapFoodId and added foods are foods the studio sees.
 * replacementName is kept only with status replaced.
 */
export async function savePlanDayMeal(
  db: Db,
  scope: TraineeScope,
  input: PlanDayMealInput,
): Promise<PlanDayMealRecord> {
  const { today } = await loadTraineeToday(db, scope);
  assertPastOrToday("date", input.date, today);
  const meal = await findPlanMeal(db, scope, input.mealId);
  if (!meal) throw notFound("meal");

  const items = input.items ?? [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!meal.itemIds.has(item.itemId)) throw fieldError(`items.${i}.itemId`, "not an item of this meal");
    if (seen.has(item.itemId)) throw fieldError(`items.${i}.itemId`, "listed twice");
    seen.add(item.itemId);
  });
  const addedItems: AddedFood[] = (input.addedItems ?? []).map((a) => ({ foodId: a.foodId, qty: a.qty }));
  await assertFoodsVisible(db, scope, [
    ...items.map((item, i) => ({ field: `items.${i}.swapFoodId`, foodId: item.swapFoodId })),
    ...addedItems.map((a, i) => ({ field: `addedItems.${i}.foodId`, foodId: a.foodId })),
  ]);

  const values = {
    programId: meal.programId,
    status: input.status,
    replacementName: input.status === "replaced" ? input.replacementName || null : null,
    items: items.map((item) => ({
      itemId: item.itemId,
      eaten: item.eaten,
      qty: item.qty ?? null,
      swapFoodId: item.swapFoodId ?? null,
    })),
    addedItems,
    updatedAt: scope.now,
  };
  const [row] = await db
    .insert(nutritionDayMeals)
    .values({
      studioId: scope.studioId,
      clientId: scope.actor.clientId,
      date: input.date,
      mealId: input.mealId,
      createdAt: scope.now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [nutritionDayMeals.clientId, nutritionDayMeals.date, nutritionDayMeals.mealId],
      set: values,
    })
    .returning();
  return {
    id: row!.id,
    date: row!.date,
    mealId: row!.mealId,
    programId: row!.programId,
    status: row!.status as PlanMealStatus,
    replacementName: row!.replacementName,
    items: row!.items as PlanDayMealRecord["items"],
    addedItems: row!.addedItems as AddedFood[],
    createdAt: row!.createdAt.toISOString(),
    updatedAt: row!.updatedAt.toISOString(),
  };
}
