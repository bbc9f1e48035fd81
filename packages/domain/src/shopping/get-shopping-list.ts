import { asc, desc } from "drizzle-orm";
import type { ShoppingList } from "@studio/contracts";
import { shoppingListItems, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { ownItems, toShoppingListItem } from "./shopping-list-item-record";

/** `GET /v1/trainee/shopping/list`: the trainee's checklist, unchecked first, then newest first. */
export async function getShoppingList(db: Db, scope: TraineeScope): Promise<ShoppingList> {
  const [, rows] = await Promise.all([
    assertSignedInTrainee(db, scope),
    db
      .select()
      .from(shoppingListItems)
      .where(ownItems(scope))
      .orderBy(asc(shoppingListItems.checked), desc(shoppingListItems.createdAt), desc(shoppingListItems.id)),
  ]);
  return { items: rows.map(toShoppingListItem) };
}
