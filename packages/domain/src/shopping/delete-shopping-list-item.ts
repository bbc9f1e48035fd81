import { shoppingListItems, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { itemNotFound, ownItem } from "./shopping-list-item-record";

/** `DELETE /v1/trainee/shopping/list/:id`: removes one of the trainee's items (checked or not). */
export async function deleteShoppingListItem(
  db: Db,
  scope: TraineeScope,
  input: { id: string },
): Promise<void> {
  await assertSignedInTrainee(db, scope);
  const [row] = await db
    .delete(shoppingListItems)
    .where(ownItem(scope, input.id))
    .returning({ id: shoppingListItems.id });
  if (!row) throw itemNotFound();
}
