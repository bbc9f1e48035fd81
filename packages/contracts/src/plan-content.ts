import { z } from "zod";

// Document 2 "Plan content (normalized on save)" and "Versioning"; decisions.md names the
// strength row's technique video rule. These are OUTPUT shapes: what the normalizers of
// packages/domain/src/templates return and what a non-file template or program stores. The
// normalizers accept any JSON; these schemas describe (and the domain tests check) their result.
// Choices where the spec is silent: docs/decisions/templates-and-programs.md "Plan content normalizers".

/** How much normalized content keeps (docs/decisions/templates-and-programs.md "Plan content normalizers"). */
export const PLAN_CONTENT_LIMITS = {
  /** Days of a training or nutrition plan (a rotation of up to eight weeks of distinct days). */
  days: 56,
  /** Strength rows per training day, and in the whole plan. */
  rowsPerDay: 40,
  rowsTotal: 600,
  /** Sets per strength row, and in the whole plan (generated default sets included). */
  setsPerRow: 20,
  setsTotal: 3000,
  /** Meals per nutrition day, and in the whole plan. */
  mealsPerDay: 12,
  mealsTotal: 400,
  /** Items per meal, and in the whole plan. */
  itemsPerMeal: 40,
  itemsTotal: 3000,
  /** Alternatives per item, and in the whole plan. */
  altsPerItem: 10,
  altsTotal: 3000,
  /** Text lengths (characters, after trimming). */
  id: 64,
  label: 200,
  muscle: 100,
  /** reps, repsHigh, weight, rest, rir, tempo, qty. */
  value: 40,
  /** repType tokens: letters, digits, `_` and `-`. */
  token: 32,
  /** A set's or item's note. */
  note: 1000,
  /** A row's notes, a meal's prep. */
  longText: 2000,
  /** Whole numbers kept as positive integer strings. */
  dayCardioMinutes: 1440,
  dayStepsDaily: 200_000,
  everyN: 1000,
  /** meta.workoutsPerWeek (integer). */
  workoutsPerWeek: 14,
  /** meta.requirement numbers: cardio minutes (a week holds 10080) and daily steps. */
  requirementCardioMinutes: 10_080,
  requirementStepsDaily: 200_000,
  /** Nutrition target ceilings (values above are clamped). */
  kcal: 20_000,
  grams: 2000,
  waterLitres: 20,
  mbp: 100,
  /** An import key's value (imported, source, draft, goalSet) passes through when its JSON is at most this long. */
  passThroughChars: 32_768,
  passThroughDepth: 16,
} as const;

/** meta keys stamped by an external import: passed through unchanged, restored from the stored content when a save does not echo them. */
export const PLAN_IMPORT_META_KEYS = ["imported", "source", "draft", "goalSet"] as const;
export type PlanImportMetaKey = (typeof PLAN_IMPORT_META_KEYS)[number];

const L = PLAN_CONTENT_LIMITS;
const text = (max: number) => z.string().max(max);
const id = () => z.string().min(1).max(L.id);
/** A positive integer as a string, or "" (blank: the plan value applies). */
const positiveIntString = (max: number) =>
  z
    .string()
    .regex(/^(|[1-9]\d*)$/)
    .refine((v) => v === "" || Number(v) <= max, `must be at most ${max}`);

const importMetaFields = {
  imported: z.json().optional().describe("true stops the builder defaults; passed through unchanged"),
  source: z.json().optional().describe("import source; passed through unchanged"),
  draft: z.json().optional().describe("passed through unchanged"),
  goalSet: z.json().optional().describe("passed through unchanged"),
};

// ---------------------------------------------------------------------------------------------
// Training content, schemaVersion 2

export const TRAINING_CONTENT_SCHEMA_VERSION = 2 as const;

/** stepsOnly, cardioOnly, both (each goal on its own), bothCompensated (one fully met goal stands in for the other). */
export const REQUIREMENT_MODES = ["both", "stepsOnly", "cardioOnly", "bothCompensated"] as const;
export const RequirementModeSchema = z.enum(REQUIREMENT_MODES).meta({ id: "RequirementMode" });
export type RequirementMode = z.infer<typeof RequirementModeSchema>;

export const REQUIREMENT_SCOPES = ["weekly", "perWorkout"] as const;
export const RequirementScopeSchema = z.enum(REQUIREMENT_SCOPES).meta({ id: "RequirementScope" });
export type RequirementScope = z.infer<typeof RequirementScopeSchema>;

export const SET_TYPES = ["warmup", "working", "drop"] as const;
export const SetTypeSchema = z.enum(SET_TYPES).meta({ id: "SetType" });
export type SetType = z.infer<typeof SetTypeSchema>;

export const TECHNIQUE_VIDEO_MODES = ["none", "coachDemand"] as const;
export const TechniqueVideoModeSchema = z.enum(TECHNIQUE_VIDEO_MODES).meta({ id: "TechniqueVideoMode" });
export type TechniqueVideoMode = z.infer<typeof TechniqueVideoModeSchema>;

/** The row's rep type when none is given; a set's null repType inherits the row's. */
export const DEFAULT_REP_TYPE = "reps";
const repType = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(L.token);

export const TrainingRequirementSchema = z
  .object({
    mode: RequirementModeSchema,
    scope: RequirementScopeSchema,
    cardioMinutes: z
      .number()
      .int()
      .min(0)
      .max(L.requirementCardioMinutes)
      .describe("minutes per week (weekly) or per workout (perWorkout); 0 = none"),
    stepsDaily: z.number().int().min(0).max(L.requirementStepsDaily).describe("daily steps; 0 = none"),
  })
  .meta({ id: "TrainingRequirement" });
export type TrainingRequirement = z.infer<typeof TrainingRequirementSchema>;

export const TrainingMetaSchema = z
  .object({
    workoutsPerWeek: z.number().int().min(1).max(L.workoutsPerWeek).nullable(),
    requirement: TrainingRequirementSchema,
    ...importMetaFields,
  })
  .meta({ id: "TrainingMeta" });
export type TrainingMeta = z.infer<typeof TrainingMetaSchema>;

export const TechniqueVideoRuleSchema = z
  .object({
    mode: TechniqueVideoModeSchema,
    firstTime: z.boolean(),
    everyN: positiveIntString(L.everyN).describe("every N sessions; blank = no periodic demand"),
    requestedAt: z
      .string()
      .max(40)
      .optional()
      .describe("ISO instant of the coach's request; kept only when valid"),
  })
  .meta({ id: "TechniqueVideoRule" });
export type TechniqueVideoRule = z.infer<typeof TechniqueVideoRuleSchema>;

export const TrainingSetSchema = z
  .object({
    id: id(),
    type: SetTypeSchema,
    reps: text(L.value),
    repType: repType().nullable().describe("null inherits the row's"),
    repsHigh: text(L.value),
    weight: text(L.value),
    rest: text(L.value),
    note: text(L.note),
  })
  .meta({ id: "TrainingSet" });
export type TrainingSet = z.infer<typeof TrainingSetSchema>;

export const StrengthRowSchema = z
  .object({
    exerciseId: id().nullable(),
    muscle: text(L.muscle),
    sets: z.array(TrainingSetSchema).max(L.setsPerRow),
    reps: text(L.value),
    repType: repType(),
    rest: text(L.value),
    weight: text(L.value),
    rir: text(L.value),
    tempo: text(L.value),
    notes: text(L.longText),
    techniqueVideo: TechniqueVideoRuleSchema,
  })
  .meta({ id: "StrengthRow" });
export type StrengthRow = z.infer<typeof StrengthRowSchema>;

export const TrainingDaySchema = z
  .object({
    id: id(),
    label: text(L.label),
    strength: z.array(StrengthRowSchema).max(L.rowsPerDay),
    cardioMinutes: positiveIntString(L.dayCardioMinutes).describe("blank = the plan value"),
    stepsDaily: positiveIntString(L.dayStepsDaily).describe("blank = the plan value"),
  })
  .meta({ id: "TrainingDay" });
export type TrainingDay = z.infer<typeof TrainingDaySchema>;

export const TrainingContentSchema = z
  .object({
    schemaVersion: z.literal(TRAINING_CONTENT_SCHEMA_VERSION),
    meta: TrainingMetaSchema,
    days: z.array(TrainingDaySchema).min(1).max(L.days),
  })
  .meta({ id: "TrainingContent" });
export type TrainingContent = z.infer<typeof TrainingContentSchema>;

// ---------------------------------------------------------------------------------------------
// Nutrition content, schemaVersion 1

export const NUTRITION_CONTENT_SCHEMA_VERSION = 1 as const;

/** In this order; the default meal times follow it. */
export const MEAL_TYPES = ["breakfast", "snack_am", "lunch", "pre", "post", "dinner"] as const;
export const MealTypeSchema = z.enum(MEAL_TYPES).meta({ id: "MealType" });
export type MealType = z.infer<typeof MealTypeSchema>;

export const COUNTS_AS = ["protein", "carb"] as const;
export const CountsAsSchema = z.enum(COUNTS_AS).meta({ id: "CountsAs" });
export type CountsAs = z.infer<typeof CountsAsSchema>;

const positive = (max: number) => z.number().positive().max(max);

export const NutritionTargetsSchema = z
  .object({
    kcal: z.number().min(0).max(L.kcal),
    protein: z.number().min(0).max(L.grams).describe("grams"),
    carbs: z.number().min(0).max(L.grams).describe("grams"),
    fat: z.number().min(0).max(L.grams).describe("grams"),
    water: z.number().min(0).max(L.waterLitres).describe("litres"),
    kcalOverride: z
      .boolean()
      .describe("true once the coach typed a calorie target over the portion-derived one"),
    mbpProtein: positive(L.mbp).optional(),
    mbpCarb: positive(L.mbp).optional(),
    mbpFat: positive(L.mbp).optional(),
  })
  .meta({ id: "NutritionTargets" });
export type NutritionTargets = z.infer<typeof NutritionTargetsSchema>;

export const MealTargetSchema = z
  .object({
    kcal: z.number().int().positive().max(L.kcal).optional(),
    mbpProtein: positive(L.mbp).optional(),
    mbpCarb: positive(L.mbp).optional(),
    mbpFat: positive(L.mbp).optional(),
  })
  .meta({ id: "MealTarget" });
export type MealTarget = z.infer<typeof MealTargetSchema>;

export const MealItemAltSchema = z
  .object({
    id: id(),
    foodId: id().nullable(),
    qty: text(L.value),
    countsAs: CountsAsSchema.optional(),
  })
  .meta({ id: "MealItemAlt" });
export type MealItemAlt = z.infer<typeof MealItemAltSchema>;

export const MealItemSchema = z
  .object({
    id: id(),
    foodId: id().nullable(),
    qty: text(L.value).describe('default "100" (grams); empty for imported content'),
    note: text(L.note),
    countsAs: CountsAsSchema.optional(),
    alts: z.array(MealItemAltSchema).max(L.altsPerItem),
  })
  .meta({ id: "MealItem" });
export type MealItem = z.infer<typeof MealItemSchema>;

export const MealSchema = z
  .object({
    id: id(),
    type: MealTypeSchema,
    label: text(L.label),
    time: z
      .string()
      .regex(/^(|([01]\d|2[0-3]):[0-5]\d)$/)
      .describe("HH:MM; empty only for imported content"),
    prep: text(L.longText),
    items: z.array(MealItemSchema).max(L.itemsPerMeal),
    target: MealTargetSchema.optional().describe("absent when no key is above zero"),
  })
  .meta({ id: "Meal" });
export type Meal = z.infer<typeof MealSchema>;

export const NutritionDaySchema = z
  .object({
    id: id(),
    label: text(L.label),
    targets: NutritionTargetsSchema,
    meals: z.array(MealSchema).max(L.mealsPerDay),
  })
  .meta({ id: "NutritionDay" });
export type NutritionDay = z.infer<typeof NutritionDaySchema>;

export const NutritionMetaSchema = z.object({ ...importMetaFields }).meta({ id: "NutritionMeta" });
export type NutritionMeta = z.infer<typeof NutritionMetaSchema>;

export const NutritionContentSchema = z
  .object({
    schemaVersion: z.literal(NUTRITION_CONTENT_SCHEMA_VERSION),
    meta: NutritionMetaSchema,
    days: z.array(NutritionDaySchema).min(1).max(L.days),
  })
  .meta({ id: "NutritionContent" });
export type NutritionContent = z.infer<typeof NutritionContentSchema>;
