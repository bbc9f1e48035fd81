import { and, count } from "drizzle-orm";
import type { ShoppingFoodList, ShoppingFoodsFilters } from "@studio/contracts";
import { foodOverrides, foods, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import {
  effectiveFood,
  foodOrder,
  foodFilterConditions,
  offeredForShopping,
  withOverride,
} from "../foods/food-values";
import { windowOf } from "../paging";
import type { TraineeScope } from "../scope";

/**
 * `GET /v1/trainee/shopping/foods`: the foods offered for shopping (system or the studio's own,
 * includeInShopping in the effective values, no private AI import) with effective values, by
 * name (letter case ignored) then id; category and search filter the effective values.
 */
export async function listShoppingFoods(
  db: Db,
  scope: TraineeScope,
  query: ShoppingFoodsFilters,
): Promise<ShoppingFoodList> {
  const where = and(offeredForShopping(scope.studioId), ...foodFilterConditions(query));
  const { limit, offset } = windowOf(query);
  const [, rows, [totals]] = await Promise.all([
    assertSignedInTrainee(db, scope),
    db
      .select({
        id: foods.id,
        name: effectiveFood.name,
        brand: effectiveFood.brand,
        category: effectiveFood.category,
        categories: effectiveFood.categories,
        kcal: effectiveFood.kcal,
        protein: effectiveFood.protein,
        carbs: effectiveFood.carbs,
        fat: effectiveFood.fat,
      })
      .from(foods)
      .leftJoin(foodOverrides, withOverride(scope.studioId))
      .where(where)
      .orderBy(...foodOrder)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(foods)
      .leftJoin(foodOverrides, withOverride(scope.studioId))
      .where(where),
  ]);
  return { items: rows, total: totals?.total ?? 0 };
}
