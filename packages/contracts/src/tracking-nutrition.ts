import { z } from "zod";
import { boundedDate, boundedId } from "./bounded";
import { TrackingRangeSchema } from "./tracking-views";

// Coach nutrition views (document 2 "Client tracking (computed views)": GET
// /v1/web/clients/:id/tracking/nutrition, /nutrition/:date, /nutrition/insight). Dates are civil
// YYYY-MM-DD in the trainee's zone (trainee, else studio, else Asia/Jerusalem). Choices where the
// spec is silent (status thresholds, exchange portions): docs/decisions/tracking.md "Coach nutrition views".

// The range query and its days are the shared ones of tracking-views.ts (TrackingRangeQuery).

/** Status thresholds (calories only): eaten within ±10% of the target is a full day. */
export const NUTRITION_STATUS_TOLERANCE = 0.1;

/** A real calendar date (2025-02-30 is refused). */
export const NutritionDayQuery = z.object({
  id: boundedId(),
  date: boundedDate().describe("YYYY-MM-DD, a real calendar date"),
});
export type NutritionDayQuery = z.infer<typeof NutritionDayQuery>;

export const NutritionUnitSchema = z.enum(["grams", "exchanges"]).meta({ id: "NutritionUnit" });
export type NutritionUnit = z.infer<typeof NutritionUnitSchema>;

export const NutritionTotalsSchema = z
  .object({
    kcal: z.number().int(),
    protein: z.number().describe("grams, or exchange portions in exchanges unit (one decimal)"),
    carbs: z.number(),
    fat: z.number(),
  })
  .meta({ id: "NutritionTotals" });
export type NutritionTotals = z.infer<typeof NutritionTotalsSchema>;

export const NUTRITION_DAY_STATUSES = ["none", "under", "full", "over"] as const;

export const NutritionViewDaySchema = z
  .object({
    date: z.string(),
    eaten: NutritionTotalsSchema,
    target: NutritionTotalsSchema.nullable().describe("null without a plan or for a file plan"),
    status: z
      .enum(NUTRITION_DAY_STATUSES)
      .nullable()
      .describe(
        "calories only: none (nothing logged), under (below 90% of the target), full (within ±10%), over (above 110%); null when logged without a target",
      ),
    logged: z.boolean(),
    meals: z
      .object({ breakfast: z.boolean(), lunch: z.boolean(), dinner: z.boolean(), snack: z.boolean() })
      .describe("which slots have something logged"),
  })
  .meta({ id: "NutritionViewDay" });

const periodFields = {
  from: z.string(),
  to: z.string(),
  loggedDays: z.number().int(),
  adherencePct: z
    .number()
    .int()
    .nullable()
    .describe("full days / all days, rounded; null for a file plan or no plan"),
  averageConsumed: NutritionTotalsSchema.nullable().describe("over logged days; null when none"),
  averageTarget: NutritionTotalsSchema.nullable().describe("over logged days with a target; null when none"),
};

export const NutritionPreviousSchema = z.object(periodFields).meta({ id: "NutritionPrevious" });

export const NutritionViewSchema = z
  .object({
    range: TrackingRangeSchema,
    ...periodFields,
    unit: NutritionUnitSchema,
    filePlan: z.boolean(),
    days: z.array(NutritionViewDaySchema).describe("oldest first, ending today"),
    previous: NutritionPreviousSchema.nullable().describe(
      "the equal span before; null when it has no logged day",
    ),
  })
  .meta({ id: "NutritionView" });
export type NutritionView = z.infer<typeof NutritionViewSchema>;

export const NutritionDayFoodSchema = z
  .object({
    foodId: z.string().nullable(),
    name: z.string(),
    qty: z.number().nullable().describe("grams"),
  })
  .meta({ id: "NutritionDayFood" });

export const NutritionDayMealSchema = z
  .object({
    id: z.string().describe("plan:<mealId>, custom:<mealId> or log:<logId>"),
    source: z.enum(["plan", "custom", "log"]),
    slot: z.enum(["breakfast", "lunch", "dinner", "snack"]),
    label: z.string().nullable(),
    time: z.string().nullable().describe("HH:mm in the trainee zone"),
    foods: z.array(NutritionDayFoodSchema),
    note: z.string().nullable(),
    photoUrl: z.string().nullable(),
  })
  .meta({ id: "NutritionDayMeal" });

export const NutritionDayDetailSchema = z
  .object({
    date: z.string(),
    meals: z.array(NutritionDayMealSchema).describe("plan meals, then custom meals, then unlinked meal logs"),
  })
  .meta({ id: "NutritionDayDetail" });
export type NutritionDayDetail = z.infer<typeof NutritionDayDetailSchema>;

export const NutritionInsightSchema = z
  .object({ sentence: z.string().nullable().describe("one Hebrew sentence; null without a model or data") })
  .meta({ id: "NutritionInsight" });
export type NutritionInsight = z.infer<typeof NutritionInsightSchema>;
