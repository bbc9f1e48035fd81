import { z } from "zod";
import { boundedId } from "./bounded";
import { foodFilters } from "./foods";
import { paged, pagingQuery } from "./paging";

// Document 3 "Shopping list item", "States and transitions" (shopping rows), "Trainee shopping".

export const SHOPPING_FOODS_PAGE_SIZE_DEFAULT = 100;

/** `GET /v1/trainee/shopping/categories`: a stored category string and how many shopping foods it holds. */
export const ShoppingCategorySchema = z
  .object({
    value: z.string().describe('the stored category string ("uncategorized" for foods with none)'),
    count: z.number().int(),
  })
  .meta({ id: "ShoppingCategory" });
export type ShoppingCategory = z.infer<typeof ShoppingCategorySchema>;
export const ShoppingCategoryListSchema = z.object({ items: z.array(ShoppingCategorySchema) });
export type ShoppingCategoryList = z.infer<typeof ShoppingCategoryListSchema>;

/** A food offered for shopping, with the studio's effective values. */
export const ShoppingFoodSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    category: z.string().nullable(),
    categories: z.array(z.string()),
    kcal: z.number().nullable(),
    protein: z.number().nullable(),
    carbs: z.number().nullable(),
    fat: z.number().nullable(),
  })
  .meta({ id: "ShoppingFood" });
export type ShoppingFood = z.infer<typeof ShoppingFoodSchema>;

/** `GET /v1/trainee/shopping/foods`: by name; pageSize defaults to 100 (at most 500). */
export const ShoppingFoodsQuery = z.object({
  ...foodFilters,
  ...pagingQuery(SHOPPING_FOODS_PAGE_SIZE_DEFAULT),
});
export type ShoppingFoodsFilters = z.infer<typeof ShoppingFoodsQuery>;
export const ShoppingFoodListSchema = paged(ShoppingFoodSchema);
export type ShoppingFoodList = z.infer<typeof ShoppingFoodListSchema>;

/** A checklist row: name and brand are the food's effective values when it was added. */
export const ShoppingListItemSchema = z
  .object({
    id: z.string(),
    foodId: z.string(),
    name: z.string().describe("snapshot taken when added; a later rename of the food does not change it"),
    brand: z.string().nullable().describe("snapshot taken when added"),
    checked: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "ShoppingListItem" });
export type ShoppingListItem = z.infer<typeof ShoppingListItemSchema>;

/** `GET /v1/trainee/shopping/list`: unchecked first, then newest first. */
export const ShoppingListSchema = z.object({ items: z.array(ShoppingListItemSchema) });
export type ShoppingList = z.infer<typeof ShoppingListSchema>;

/** `POST /v1/trainee/shopping/list`. */
export const ShoppingListAddInput = z.object({ foodId: boundedId() });
export type ShoppingListAdd = z.infer<typeof ShoppingListAddInput>;

/** `PATCH /v1/trainee/shopping/list/:id`. */
export const ShoppingListCheckInput = z.object({ id: boundedId(), checked: z.boolean() });
export type ShoppingListCheck = z.infer<typeof ShoppingListCheckInput>;
