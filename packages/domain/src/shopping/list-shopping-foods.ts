import { and } from "drizzle-orm";
import type { ShoppingFoodList, ShoppingFoodsFilters } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import {
  foodFilterConditions,
  foodSummarySelection,
  offeredForShopping,
  pageOfStudioFoods,
} from "../foods/food-values";
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
  const [, { rows, total }] = await Promise.all([
    assertSignedInTrainee(db, scope),
    pageOfStudioFoods(db, scope.studioId, {
      selection: foodSummarySelection,
      where,
      window: query,
    }),
  ]);
  return { items: rows, total };
}
