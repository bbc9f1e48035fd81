import { and, count } from "drizzle-orm";
import type { FoodList, FoodListFilters } from "@studio/contracts";
import { foodOverrides, foods, type Db } from "@studio/db";
import { windowOf } from "../paging";
import type { CoachScope } from "../scope";
import {
  foodOrder,
  foodFilterConditions,
  foodSelection,
  toFood,
  visibleToStudio,
  withOverride,
} from "./food-values";

/**
 * `GET /v1/web/foods`: system foods with the studio's override applied and the studio's own foods
 * (private AI imports included, flagged), by effective name (letter case ignored) then id; filters
 * on effective values.
 */
export async function listFoods(db: Db, scope: CoachScope, query: FoodListFilters): Promise<FoodList> {
  const where = and(visibleToStudio(scope.studioId), ...foodFilterConditions(query));
  const { limit, offset } = windowOf(query);
  const [rows, [totals]] = await Promise.all([
    db
      .select(foodSelection)
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
  return { items: rows.map(toFood), total: totals?.total ?? 0 };
}
