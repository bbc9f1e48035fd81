import { and, sql } from "drizzle-orm";
import type { TraineeFoodList, TraineeFoodsQuery } from "@studio/contracts";
import { foods, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import {
  foodSummarySelection,
  loggableByTrainee,
  nameOrBrandMatches,
  pageOfStudioFoods,
} from "./food-values";

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
  const [, { rows, total }] = await Promise.all([
    assertSignedInTrainee(db, scope),
    pageOfStudioFoods(db, scope.studioId, {
      selection: {
        ...foodSummarySelection,
        system: sql<boolean>`${foods.studioId} is null`.mapWith(Boolean),
      },
      where,
      window: query,
    }),
  ]);
  return { items: rows, total };
}
