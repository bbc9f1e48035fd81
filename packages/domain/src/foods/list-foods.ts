import { and } from "drizzle-orm";
import type { FoodList, FoodListFilters } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { CoachScope } from "../scope";
import {
  foodFilterConditions,
  foodSelection,
  pageOfStudioFoods,
  toFood,
  visibleToStudio,
} from "./food-values";

/**
 * `GET /v1/web/foods`: system foods with the studio's override applied and the studio's own foods
 * (private AI imports included, flagged), by effective name (letter case ignored) then id; filters
 * on effective values.
 */
export async function listFoods(db: Db, scope: CoachScope, query: FoodListFilters): Promise<FoodList> {
  const where = and(visibleToStudio(scope.studioId), ...foodFilterConditions(query));
  const { rows, total } = await pageOfStudioFoods(db, scope.studioId, {
    selection: foodSelection,
    where,
    window: query,
  });
  return { items: rows.map(toFood), total };
}
