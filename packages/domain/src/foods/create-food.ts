import type { Food, FoodCreate } from "@studio/contracts";
import { foods, type Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { toFood } from "./food-values";

/** `POST /v1/web/foods`: a food of the studio (never a private AI import; values per 100 g). */
export async function createFood(db: Db, scope: CoachScope, input: FoodCreate): Promise<Food> {
  const [row] = await db
    .insert(foods)
    .values({
      studioId: scope.studioId,
      name: input.name,
      brand: input.brand ?? null,
      category: input.category ?? null,
      categories: input.categories ?? [],
      kcal: input.kcal ?? null,
      protein: input.protein ?? null,
      carbs: input.carbs ?? null,
      fat: input.fat ?? null,
      includeInShopping: input.includeInShopping ?? true,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toFood({ ...row!, override: null });
}
