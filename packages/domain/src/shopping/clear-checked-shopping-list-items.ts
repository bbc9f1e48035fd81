import { and, eq } from "drizzle-orm";
import { shoppingListItems, type Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { ownItems } from "./shopping-list-item-record";

/** `DELETE /v1/trainee/shopping/list`: removes the checked items only (none checked is fine). */
export async function clearCheckedShoppingListItems(db: Db, scope: TraineeScope): Promise<void> {
  await assertSignedInTrainee(db, scope);
  await db.delete(shoppingListItems).where(and(ownItems(scope), eq(shoppingListItems.checked, true)));
}
