import { desc, sql } from "drizzle-orm";
import type { ShoppingCategoryList } from "@studio/contracts";
import { foodOverrides, foods, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import { categoryBuckets, offeredForShopping, withOverride } from "../foods/food-values";
import type { TraineeScope } from "../scope";

/**
 * `GET /v1/trainee/shopping/categories`: the category values of the shopping foods, counted in one
 * statement: a food counts once per entry of its categories array, else under its single
 * category, else under "uncategorized"; by count descending, then value (byte order, so both
 * engines agree).
 */
export async function listShoppingCategories(db: Db, scope: TraineeScope): Promise<ShoppingCategoryList> {
  const buckets = db
    .select({ value: categoryBuckets.as("value") })
    .from(foods)
    .leftJoin(foodOverrides, withOverride(scope.studioId))
    .where(offeredForShopping(scope.studioId))
    .as("buckets");
  const total = sql<number>`count(*)::int`.mapWith(Number);
  const [, rows] = await Promise.all([
    assertSignedInTrainee(db, scope),
    db
      .select({ value: buckets.value, count: total })
      .from(buckets)
      .groupBy(buckets.value)
      .orderBy(desc(total), sql`${buckets.value} collate "C"`),
  ]);
  return { items: rows };
}
