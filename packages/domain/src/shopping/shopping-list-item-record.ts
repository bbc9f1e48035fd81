import { and, eq } from "drizzle-orm";
import type { ShoppingListItem } from "@studio/contracts";
import { shoppingListItems } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";

type ItemRow = typeof shoppingListItems.$inferSelect;

/** The answer of every item route. */
export const toShoppingListItem = (row: ItemRow): ShoppingListItem => ({
  id: row.id,
  foodId: row.foodId,
  name: row.name,
  brand: row.brand,
  checked: row.checked,
  createdAt: row.createdAt.toISOString(),
});

/** The signed-in trainee's rows (their studio and their own client id). */
export const ownItems = (scope: TraineeScope) =>
  and(eq(shoppingListItems.studioId, scope.studioId), eq(shoppingListItems.clientId, scope.actor.clientId));

/** One of the trainee's items; another trainee's or studio's id answers like a missing one. */
export const ownItem = (scope: TraineeScope, id: string) =>
  and(eq(shoppingListItems.id, id), ownItems(scope));

export const itemNotFound = () => notFound("shopping list item");
