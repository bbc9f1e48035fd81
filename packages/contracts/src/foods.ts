import { z } from "zod";
import { boundedId, boundedName, boundedString, INPUT_LIMITS } from "./bounded";
import { paged, pagingQuery } from "./paging";

// decisions.md "Supporting web routes" (Foods) and "Field names" (Food row); document 3 "Shopping list
// item" (effective values: the studio's override of a system food over the base row).

/** A category string as stored (the app shows its own labels): trimmed, 1 to 80 characters. */
export const FOOD_CATEGORY_MAX = 80;
export const FOOD_CATEGORIES_PER_FOOD_MAX = 20;
/** Per 100 g: grams of a macro cannot pass 100; kcal stays under 1000 (pure fat is about 900). */
export const FOOD_GRAMS_MAX = 100;
export const FOOD_KCAL_MAX = 1000;
/** The bucket of a food with neither categories nor category (document 3 "Trainee shopping"). */
export const UNCATEGORIZED = "uncategorized";

const optionalText = (max: number) =>
  boundedString(max, { trim: true })
    .transform((v) => (v === "" ? null : v))
    .nullable();

const categoryValue = () => boundedName(FOOD_CATEGORY_MAX);

/** Entries trimmed, duplicates removed (a food counts once per entry). */
const categoryList = () =>
  z
    .array(categoryValue())
    .max(FOOD_CATEGORIES_PER_FOOD_MAX, `must have at most ${FOOD_CATEGORIES_PER_FOOD_MAX} entries`)
    .transform((values) => [...new Set(values)]);

const amount = (max: number) =>
  z.number().min(0, "must be at least 0").max(max, `must be at most ${max}`).nullable();

/** The writable fields of a food (POST body; PATCH and the override take each one optionally). */
const foodFields = {
  name: boundedName(INPUT_LIMITS.name),
  brand: optionalText(INPUT_LIMITS.name).describe("blank is stored as null"),
  category: optionalText(FOOD_CATEGORY_MAX).describe("the single category; blank is stored as null"),
  categories: categoryList().describe("category strings; duplicates removed"),
  kcal: amount(FOOD_KCAL_MAX).describe("per 100 g"),
  protein: amount(FOOD_GRAMS_MAX).describe("grams per 100 g"),
  carbs: amount(FOOD_GRAMS_MAX).describe("grams per 100 g"),
  fat: amount(FOOD_GRAMS_MAX).describe("grams per 100 g"),
  includeInShopping: z.boolean(),
};

/** `POST /v1/web/foods`: a food of the studio. */
export const FoodCreateInput = z.object({
  name: foodFields.name,
  brand: foodFields.brand.optional(),
  category: foodFields.category.optional(),
  categories: foodFields.categories.optional().describe("default []"),
  kcal: foodFields.kcal.optional(),
  protein: foodFields.protein.optional(),
  carbs: foodFields.carbs.optional(),
  fat: foodFields.fat.optional(),
  includeInShopping: foodFields.includeInShopping.optional().describe("default true"),
});
export type FoodCreate = z.infer<typeof FoodCreateInput>;

/** `PATCH /v1/web/foods/:id` (the studio's own foods): the fields sent change; null clears a nullable one. */
export const FoodUpdateInput = z.object({ id: boundedId() }).extend(z.object(foodFields).partial().shape);
export type FoodUpdate = z.infer<typeof FoodUpdateInput>;

/**
 * `PUT /v1/web/foods/:id/override` (system foods): the fields sent are set on the studio's
 * override, null clears one back to the base row's value, a field left out keeps what the
 * override holds. An override left with no value is removed.
 */
export const FoodOverrideInput = z.object({
  id: boundedId(),
  name: foodFields.name.nullable().optional(),
  brand: foodFields.brand.optional().describe("null or blank clears"),
  category: foodFields.category.optional().describe("null or blank clears"),
  categories: foodFields.categories.nullable().optional().describe("null clears; [] overrides with none"),
  kcal: foodFields.kcal.optional(),
  protein: foodFields.protein.optional(),
  carbs: foodFields.carbs.optional(),
  fat: foodFields.fat.optional(),
  includeInShopping: foodFields.includeInShopping.nullable().optional(),
});
export type FoodOverrideWrite = z.infer<typeof FoodOverrideInput>;

/** The override columns the studio holds (null: the base row's value applies). */
export const FoodOverrideValuesSchema = z
  .object({
    name: z.string().nullable(),
    brand: z.string().nullable(),
    category: z.string().nullable(),
    categories: z.array(z.string()).nullable(),
    kcal: z.number().nullable(),
    protein: z.number().nullable(),
    carbs: z.number().nullable(),
    fat: z.number().nullable(),
    includeInShopping: z.boolean().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: "FoodOverrideValues" });
export type FoodOverrideValues = z.infer<typeof FoodOverrideValuesSchema>;

/** A food as the studio sees it: effective values (the override over the base row for a system food). */
export const FoodSchema = z
  .object({
    id: z.string(),
    system: z.boolean().describe("a system food (seeded for every studio); edited through its override"),
    name: z.string(),
    brand: z.string().nullable(),
    category: z.string().nullable(),
    categories: z.array(z.string()),
    kcal: z.number().nullable(),
    protein: z.number().nullable(),
    carbs: z.number().nullable(),
    fat: z.number().nullable(),
    includeInShopping: z.boolean(),
    privateAiImport: z
      .boolean()
      .describe("saved privately by the AI plan import; never offered for shopping"),
    override: FoodOverrideValuesSchema.nullable().describe("the studio's override of a system food, or null"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Food" });
export type Food = z.infer<typeof FoodSchema>;

/** Filters shared by the coach's list and the trainee's shopping foods. */
export const foodFilters = {
  search: boundedName(INPUT_LIMITS.name).optional().describe("case-insensitive, on the (effective) name"),
  category: categoryValue()
    .optional()
    .describe(
      `foods whose categories contain it or whose category equals it ("${UNCATEGORIZED}" matches only foods storing it)`,
    ),
};

/** `GET /v1/web/foods`: system foods (with the studio's override) and the studio's own, by name. */
export const FoodListQuery = z.object({ ...foodFilters, ...pagingQuery() });
export type FoodListFilters = z.infer<typeof FoodListQuery>;
export const FoodListSchema = paged(FoodSchema);
export type FoodList = z.infer<typeof FoodListSchema>;

/** `GET /v1/trainee/foods`: foods a trainee may log (free meal logging), by name; pageSize defaults to 100. */
export const TraineeFoodsQuery = z.object({
  search: boundedName(INPUT_LIMITS.name)
    .optional()
    .describe("case-insensitive, on the effective name or brand (a part of either matches)"),
  ...pagingQuery(100),
});
export type TraineeFoodsQuery = z.infer<typeof TraineeFoodsQuery>;

/** A food a trainee may log: the studio's effective values (per 100 g). */
export const TraineeFoodSchema = z
  .object({
    id: z.string().describe("the foodId a meal log item sends"),
    name: z.string(),
    brand: z.string().nullable(),
    category: z.string().nullable(),
    categories: z.array(z.string()),
    kcal: z.number().nullable().describe("per 100 g"),
    protein: z.number().nullable().describe("grams per 100 g"),
    carbs: z.number().nullable().describe("grams per 100 g"),
    fat: z.number().nullable().describe("grams per 100 g"),
    system: z.boolean().describe("a system food (true) or the studio's own (false)"),
  })
  .meta({ id: "TraineeFood" });
export type TraineeFood = z.infer<typeof TraineeFoodSchema>;
export const TraineeFoodListSchema = paged(TraineeFoodSchema);
export type TraineeFoodList = z.infer<typeof TraineeFoodListSchema>;
