// Trainee shopping (document 3 "Trainee shopping"): categories, foods offered and the checklist.
export { listShoppingCategories } from "./list-shopping-categories";
export { listShoppingFoods } from "./list-shopping-foods";
export { getShoppingList } from "./get-shopping-list";
export { addShoppingListItem } from "./add-shopping-list-item";
export { updateShoppingListItem } from "./update-shopping-list-item";
export { deleteShoppingListItem } from "./delete-shopping-list-item";
export { clearCheckedShoppingListItems } from "./clear-checked-shopping-list-items";
