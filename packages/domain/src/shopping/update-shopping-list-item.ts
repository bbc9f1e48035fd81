import type { ShoppingListCheck, ShoppingListItem } from "@studio/contracts";
import { shoppingListItems, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { itemNotFound, ownItem, toShoppingListItem } from "./shopping-list-item-record";

/** `PATCH /v1/trainee/shopping/list/:id`: checks or unchecks one of the trainee's items. */
export async function updateShoppingListItem(
  db: Db,
  scope: TraineeScope,
  input: ShoppingListCheck,
): Promise<ShoppingListItem> {
  await assertSignedInTrainee(db, scope);
  const [row] = await db
    .update(shoppingListItems)
    .set({ checked: input.checked, updatedAt: scope.now })
    .where(ownItem(scope, input.id))
    .returning();
  if (!row) throw itemNotFound();
  return toShoppingListItem(row);
}
