import { router } from "../../trpc";
import { addShoppingListItemRoute } from "./add-shopping-list-item";
import { clearCheckedShoppingListItemsRoute } from "./clear-checked-shopping-list-items";
import { deleteShoppingListItemRoute } from "./delete-shopping-list-item";
import { getShoppingListRoute } from "./get-shopping-list";
import { listShoppingCategoriesRoute } from "./list-shopping-categories";
import { listShoppingFoodsRoute } from "./list-shopping-foods";
import { updateShoppingListItemRoute } from "./update-shopping-list-item";

/** /v1/trainee/shopping/* (trainee token only: no app-access guard; previews may only read). */
export const shoppingTraineeRoutes = router({
  categories: listShoppingCategoriesRoute,
  foods: listShoppingFoodsRoute,
  list: getShoppingListRoute,
  add: addShoppingListItemRoute,
  check: updateShoppingListItemRoute,
  remove: deleteShoppingListItemRoute,
  clearChecked: clearCheckedShoppingListItemsRoute,
});
