import { and, eq } from "drizzle-orm";
import type { ShoppingListAdd, ShoppingListItem } from "@studio/contracts";
import { foodOverrides, foods, shoppingListItems, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import { notFound } from "../errors";
import { effectiveFood, offeredForShopping, withOverride } from "../foods/food-values";
import type { TraineeScope } from "../scope";
import { toShoppingListItem } from "./shopping-list-item-record";

/**
 * `POST /v1/trainee/shopping/list`: adds a food offered for shopping, with its effective name and
 * brand as the snapshot. One row per (trainee, food): adding it again answers the existing row
 * unchanged (checked state included). A food that is missing, another studio's, or not offered
 * for shopping answers NOT_FOUND "food not found".
 */
export async function addShoppingListItem(
  db: Db,
  scope: TraineeScope,
  input: ShoppingListAdd,
): Promise<ShoppingListItem> {
  const [, [food]] = await Promise.all([
    assertSignedInTrainee(db, scope),
    db
      .select({ name: effectiveFood.name, brand: effectiveFood.brand })
      .from(foods)
      .leftJoin(foodOverrides, withOverride(scope.studioId))
      .where(and(eq(foods.id, input.foodId), offeredForShopping(scope.studioId)))
      .limit(1),
  ]);
  if (!food) throw notFound("food");
  const [created] = await db
    .insert(shoppingListItems)
    .values({
      studioId: scope.studioId,
      clientId: scope.actor.clientId,
      foodId: input.foodId,
      name: food.name,
      brand: food.brand,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .onConflictDoNothing({ target: [shoppingListItems.clientId, shoppingListItems.foodId] })
    .returning();
  if (created) return toShoppingListItem(created);
  const [existing] = await db
    .select()
    .from(shoppingListItems)
    .where(
      and(eq(shoppingListItems.clientId, scope.actor.clientId), eq(shoppingListItems.foodId, input.foodId)),
    )
    .limit(1);
  // Removed between the two statements: the add itself did not happen, so it is simply tried again.
  return existing ? toShoppingListItem(existing) : addShoppingListItem(db, scope, input);
}
