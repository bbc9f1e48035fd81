import { and, count, sql } from "drizzle-orm";
import type { TraineeFoodList, TraineeFoodsQuery } from "@studio/contracts";
import { foodOverrides, foods, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import { windowOf } from "../paging";
import type { TraineeScope } from "../scope";
import { effectiveFood, foodOrder, loggableByTrainee, nameOrBrandMatches, withOverride } from "./food-values";

/**
 * `GET /v1/trainee/foods` (free meal logging): system foods with the studio's override applied
 * and the studio's own foods (private AI imports excluded), by effective name (letter case
 * ignored) then id; search on the effective name or brand. The page, the total and the trainee
 * check run concurrently (three statements, one round trip of the pipeline).
 */
export async function listTraineeFoods(
  db: Db,
  scope: TraineeScope,
  query: TraineeFoodsQuery,
): Promise<TraineeFoodList> {
  const where = and(
    loggableByTrainee(scope.studioId),
    ...(query.search ? [nameOrBrandMatches(query.search)] : []),
  );
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
        system: sql<boolean>`${foods.studioId} is null`.mapWith(Boolean),
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
