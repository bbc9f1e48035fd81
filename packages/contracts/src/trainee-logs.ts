import { z } from "zod";
import { positiveDecimalPattern } from "./numeric-pattern";
import {
  boundedDate,
  boundedDateTime,
  boundedId,
  boundedInt,
  boundedName,
  boundedString,
  withoutNul,
} from "./bounded";

// Trainee app logging (decisions.md "Trainee app: plans and logging"; document 2 "Tracking
// rows"): workout logs, free meal logs, plan-day meal snapshots and custom meals. Days are
// YYYY-MM-DD in the trainee's zone (x-timezone, the trainee's, the studio's, Asia/Jerusalem).
// Bounds where the spec names none: docs/decisions/trainee-app.md "Trainee logging".

export const LOGGING_LIMITS = {
  /** Exercises of one workout log (a plan day holds at most 40 rows). */
  workoutEntries: 60,
  /** Sets of one exercise (a plan row holds at most 20). */
  setsPerEntry: 30,
  weightKg: 1000,
  reps: 1000,
  /** Exercise names, labels, replacement names. */
  name: 200,
  /** A plan day id (plan content ids are at most 64). */
  dayId: 64,
  /** Foods of one meal log or custom meal. */
  mealItems: 50,
  /** Plan items of one plan-day meal (a plan meal holds at most 40) and foods added to it. */
  planMealItems: 40,
  addedItems: 20,
  /** Grams of one logged food. */
  qtyGrams: 10_000,
  kcal: 20_000,
  grams: 2000,
  note: 1000,
  url: 1000,
  /** GET /v1/trainee/workout-logs: longest span and the default one (days). */
  listSpanDays: 366,
  listDefaultDays: 30,
  /** Longest workout (finishedAt - startedAt). */
  workoutHours: 24,
  /** How far a device clock may run ahead of the server for "not in the future" instants. */
  clockSkewSeconds: 300,
} as const;
const L = LOGGING_LIMITS;

const name = (min = 1) => boundedName(L.name, min);
const note = () =>
  boundedString(L.note, { trim: true }).nullable().optional().describe("trimmed; blank is none");
const photoUrl = () =>
  withoutNul(z.url({ protocol: /^https?$/ }).max(L.url, `must be at most ${L.url} characters`))
    .nullable()
    .optional()
    .describe("http(s) URL of an image uploaded first through the uploads router");
const grams = (max: number) => z.number().min(0).max(max);
/**
 * Grams of a plan food, as plan content holds them (document 2: "qty (string, default 100)"):
 * a number, or a decimal number sent as a string ("150"), above 0 and at most 10,000 either way;
 * the app sends a plan's own values back (issue 26 item 4).
 */
const planQty = () =>
  z.union([
    z.number().gt(0, "must be greater than 0").max(L.qtyGrams, `must be at most ${L.qtyGrams}`),
    z
      .string()
      .max(32, "must be at most 32 characters")
      .regex(positiveDecimalPattern(L.qtyGrams), `must be a number above 0 and at most ${L.qtyGrams}`)
      .transform((value) => Number(value.trim())),
  ]);

// ---- workout logs ----

export const WorkoutSetSchema = z
  .object({
    done: z.boolean(),
    weight: z.number().nullable().describe("kg"),
    reps: z.number().int().nullable(),
    targetReps: z.number().int().nullable(),
  })
  .meta({ id: "WorkoutSet" });
export type WorkoutSet = z.infer<typeof WorkoutSetSchema>;

export const WorkoutEntrySchema = z
  .object({
    exerciseId: z.string().nullable(),
    name: z.string(),
    sets: z.array(WorkoutSetSchema),
  })
  .meta({ id: "WorkoutEntry" });
export type WorkoutEntry = z.infer<typeof WorkoutEntrySchema>;

const WorkoutSetInput = z.object({
  done: z.boolean().optional().describe("default false"),
  weight: z.number().min(0).max(L.weightKg).nullable().optional().describe("kg"),
  reps: boundedInt(0, L.reps).nullable().optional(),
  targetReps: boundedInt(0, L.reps).nullable().optional(),
});

const WorkoutEntryInput = z.object({
  exerciseId: boundedId().nullable().optional().describe("the plan row's exercise id"),
  name: name(),
  sets: z.array(WorkoutSetInput).max(L.setsPerEntry).optional().describe("default none"),
});

const workoutFields = {
  programId: boundedId()
    .nullable()
    .optional()
    .describe("one of the trainee's programs (NOT_FOUND otherwise); null for a free workout"),
  dayId: boundedString(L.dayId, { trim: true, min: 1 }).nullable().optional().describe("the plan day's id"),
  label: name(0).nullable().optional().describe("the plan day's label"),
  performedOn: boundedDate().optional().describe("YYYY-MM-DD; default today; not in the future"),
  startedAt: boundedDateTime().nullable().optional().describe("not in the future"),
  finishedAt: boundedDateTime().nullable().optional().describe("on or after startedAt, within 24 hours"),
  completed: z.boolean().optional().describe("default false"),
  entries: z.array(WorkoutEntryInput).max(L.workoutEntries).optional().describe("replaced whole on PATCH"),
};

/** `POST /v1/trainee/workout-logs`. */
export const WorkoutLogCreateInput = z.object(workoutFields);
export type WorkoutLogCreateInput = z.infer<typeof WorkoutLogCreateInput>;

/** `PATCH /v1/trainee/workout-logs/:id`: only the fields sent change. */
export const WorkoutLogUpdateInput = z.object({ id: boundedId(), ...workoutFields });
export type WorkoutLogUpdateInput = z.infer<typeof WorkoutLogUpdateInput>;

/** `GET /v1/trainee/workout-logs`: performedOn in [from, to]. */
export const WorkoutLogListQuery = z.object({
  from: boundedDate().optional().describe("YYYY-MM-DD, inclusive; default 29 days before to"),
  to: boundedDate().optional().describe("YYYY-MM-DD, inclusive; default today; at most 366 days after from"),
});
export type WorkoutLogListQuery = z.infer<typeof WorkoutLogListQuery>;

export const WORKOUT_STATUSES = ["completed", "partial"] as const;

export const WorkoutLogSchema = z
  .object({
    id: z.string(),
    programId: z.string().nullable(),
    dayId: z.string().nullable(),
    label: z.string().nullable(),
    performedOn: z.string().describe("YYYY-MM-DD"),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    completed: z.boolean(),
    status: z
      .enum(WORKOUT_STATUSES)
      .nullable()
      .describe("completed when completed; partial when at least one set is done; else null"),
    entries: z.array(WorkoutEntrySchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WorkoutLog" });
export type WorkoutLogRecord = z.infer<typeof WorkoutLogSchema>;

export const WorkoutLogListSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    items: z.array(WorkoutLogSchema).describe("newest performedOn first"),
  })
  .meta({ id: "WorkoutLogList" });
export type WorkoutLogList = z.infer<typeof WorkoutLogListSchema>;

// ---- meal logs ----

export const MEAL_LOG_SOURCES = ["PLAN", "FREE", "PHOTO"] as const;
export const MealLogSourceSchema = z.enum(MEAL_LOG_SOURCES).meta({ id: "MealLogSource" });
export type MealLogSource = z.infer<typeof MealLogSourceSchema>;

export const LoggedFoodSchema = z
  .object({
    foodId: z.string().nullable(),
    name: z.string(),
    qty: z.number().nullable().describe("grams"),
    kcal: z.number().nullable(),
    protein: z.number().nullable().describe("grams"),
    carbs: z.number().nullable().describe("grams"),
    fat: z.number().nullable().describe("grams"),
  })
  .meta({ id: "LoggedFood" });
export type LoggedFood = z.infer<typeof LoggedFoodSchema>;

const LoggedFoodInput = z.object({
  foodId: boundedId().nullable().optional().describe("a food of the library (system or the studio's)"),
  name: name(),
  qty: z.number().gt(0).max(L.qtyGrams).nullable().optional().describe("grams"),
  kcal: grams(L.kcal).nullable().optional(),
  protein: grams(L.grams).nullable().optional(),
  carbs: grams(L.grams).nullable().optional(),
  fat: grams(L.grams).nullable().optional(),
});

/** `POST /v1/trainee/meal-logs`: at least one food, a photo or a note. */
export const MealLogCreateInput = z.object({
  consumedAt: boundedDateTime().optional().describe("default now; not in the future"),
  source: MealLogSourceSchema.optional().describe("default PLAN; PHOTO needs photoUrl"),
  items: z.array(LoggedFoodInput).max(L.mealItems).optional(),
  photoUrl: photoUrl(),
  note: note(),
});
export type MealLogCreateInput = z.infer<typeof MealLogCreateInput>;

export const MealLogSchema = z
  .object({
    id: z.string(),
    consumedAt: z.string(),
    day: z.string().describe("the trainee's local day of consumedAt, YYYY-MM-DD"),
    source: MealLogSourceSchema,
    items: z.array(LoggedFoodSchema),
    photoUrl: z.string().nullable(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "MealLog" });
export type MealLogRecord = z.infer<typeof MealLogSchema>;

/** `DELETE /v1/trainee/meal-logs/:id`. */
export const MealLogDeleteInput = z.object({ id: boundedId() });

// ---- plan-day meal snapshots ----

export const PLAN_MEAL_STATUSES = ["planned", "eaten", "eatenOutside", "replaced", "removed"] as const;
export const PlanMealStatusSchema = z.enum(PLAN_MEAL_STATUSES).meta({ id: "PlanMealStatus" });
export type PlanMealStatus = z.infer<typeof PlanMealStatusSchema>;

export const PlanMealItemStateSchema = z
  .object({
    itemId: z.string(),
    eaten: z.boolean(),
    qty: z.number().nullable().describe("grams; null keeps the plan's portion"),
    swapFoodId: z.string().nullable(),
  })
  .meta({ id: "PlanMealItemState" });

export const AddedFoodSchema = z
  .object({ foodId: z.string(), qty: z.number().describe("grams") })
  .meta({ id: "AddedFood" });
export type AddedFood = z.infer<typeof AddedFoodSchema>;

/** `PUT /v1/trainee/nutrition/days/:date/meals/:mealId`: the whole snapshot of one plan meal. */
export const PlanDayMealInput = z.object({
  date: boundedDate().describe("YYYY-MM-DD; not in the future"),
  mealId: boundedId().describe("a meal of the trainee's active nutrition plan"),
  status: PlanMealStatusSchema,
  replacementName: name(0)
    .nullable()
    .optional()
    .describe("what was eaten instead; kept only with status replaced"),
  items: z
    .array(
      z.object({
        itemId: boundedId().describe("an item of this meal"),
        eaten: z.boolean(),
        qty: planQty()
          .nullable()
          .optional()
          .describe("grams (a number or a numeric string); null keeps the plan's"),
        swapFoodId: boundedId().nullable().optional().describe("a food eaten instead of the item's"),
      }),
    )
    .max(L.planMealItems)
    .optional(),
  addedItems: z
    .array(z.object({ foodId: boundedId(), qty: planQty().describe("grams (a number or a numeric string)") }))
    .max(L.addedItems)
    .optional(),
});
export type PlanDayMealInput = z.infer<typeof PlanDayMealInput>;

export const PlanDayMealSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    mealId: z.string(),
    programId: z.string().nullable().describe("the nutrition program holding the meal"),
    status: PlanMealStatusSchema,
    replacementName: z.string().nullable(),
    items: z.array(PlanMealItemStateSchema),
    addedItems: z.array(AddedFoodSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "PlanDayMeal" });
export type PlanDayMealRecord = z.infer<typeof PlanDayMealSchema>;

// ---- custom meals ----

/** `POST /v1/trainee/nutrition/days/:date/custom-meals`. */
export const CustomMealCreateInput = z.object({
  date: boundedDate().describe("YYYY-MM-DD; not in the future"),
  label: name(),
  items: z
    .array(
      LoggedFoodInput.extend({
        qty: planQty().nullable().optional().describe("grams (a number or a numeric string)"),
      }),
    )
    .max(L.mealItems)
    .optional(),
  note: note(),
  photoUrl: photoUrl(),
  mealLogId: boundedId()
    .nullable()
    .optional()
    .describe("the trainee's meal log of the same day this meal mirrors (counted once)"),
});
export type CustomMealCreateInput = z.infer<typeof CustomMealCreateInput>;

export const CustomMealSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    label: z.string(),
    items: z.array(LoggedFoodSchema),
    note: z.string().nullable(),
    photoUrl: z.string().nullable(),
    mealLogId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "CustomMeal" });
export type CustomMealRecord = z.infer<typeof CustomMealSchema>;
