import {
  COUNTS_AS,
  MEAL_TYPES,
  NUTRITION_CONTENT_SCHEMA_VERSION,
  PLAN_CONTENT_LIMITS,
  type Meal,
  type MealItem,
  type MealItemAlt,
  type MealTarget,
  type MealType,
  type NutritionContent,
  type NutritionDay,
  type NutritionTargets,
} from "@studio/contracts";
import {
  asRecord,
  assignDayIds,
  assignSiblingIds,
  Budget,
  cleanId,
  cleanText,
  defaultNewId,
  field,
  importMetaOf,
  isRecord,
  oneOf,
  readClockTime,
  readNonNegative,
  readPositive,
  recordsOf,
  type NormalizeContentOptions,
  type UnknownRecord,
} from "./plan-values";

const L = PLAN_CONTENT_LIMITS;

/** Document 2: targets default to 2000 kcal, 150 g protein, 200 g carbs, 60 g fat, 3 l water. */
export const DEFAULT_NUTRITION_TARGETS = { kcal: 2000, protein: 150, carbs: 200, fat: 60, water: 3 } as const;

/** Document 2: default meal times by type, in the order of MEAL_TYPES. */
export const DEFAULT_MEAL_TIMES: Readonly<Record<MealType, string>> = {
  breakfast: "08:00",
  snack_am: "10:30",
  lunch: "13:00",
  pre: "16:00",
  post: "18:00",
  dinner: "20:00",
};

/** Document 2: an item's quantity when none is given (builder content). */
export const DEFAULT_ITEM_QTY = "100";

/** A nutrition day's label when none is given: empty (the apps show their own fallback). */
export const DEFAULT_NUTRITION_DAY_LABEL = "";

const TARGET_MAX = {
  kcal: L.kcal,
  protein: L.grams,
  carbs: L.grams,
  fat: L.grams,
  water: L.waterLitres,
} as const;
const MBP_KEYS = ["mbpProtein", "mbpCarb", "mbpFat"] as const;

interface Context {
  imported: boolean;
  planTargets: UnknownRecord;
  newId: () => string;
  meals: Budget;
  items: Budget;
  alts: Budget;
}

/**
 * Document 2 "Plan content (normalized on save)", nutrition content schemaVersion 1. Never
 * throws: reads what it recognizes, fills the builder defaults, drops everything else, bounds
 * every list and text (PLAN_CONTENT_LIMITS). A plan-level `targets` object (legacy) fills the
 * target keys a day lacks and is then dropped. The result is a fixed point.
 *
 * `options.stored`: the stored content; its import-stamped meta keys (imported, source, draft,
 * goalSet) are kept when the saved content does not echo them.
 */
export function normalizeNutritionContent(
  raw: unknown,
  options: NormalizeContentOptions = {},
): NutritionContent {
  const root = asRecord(raw);
  const meta = importMetaOf(asRecord(field(root, "meta")), options.stored);
  const context: Context = {
    imported: meta.imported === true,
    planTargets: asRecord(field(root, "targets")),
    newId: options.newId ?? defaultNewId,
    meals: new Budget(L.mealsTotal),
    items: new Budget(L.itemsTotal),
    alts: new Budget(L.altsTotal),
  };

  const dayRecords = recordsOf(field(root, "days"), L.days);
  const ids = assignDayIds(
    dayRecords.map((day) => cleanId(field(day, "id"))),
    "nd",
  );
  const days: NutritionDay[] = dayRecords.map((day, index) => ({
    id: ids[index] ?? `nd${index + 1}`,
    label: cleanText(field(day, "label"), L.label) ?? DEFAULT_NUTRITION_DAY_LABEL,
    targets: normalizeTargets(field(day, "targets"), context),
    meals: normalizeMeals(field(day, "meals"), context),
  }));
  if (days.length === 0)
    days.push({
      id: "nd1",
      label: DEFAULT_NUTRITION_DAY_LABEL,
      targets: normalizeTargets(undefined, context),
      meals: [],
    });

  return { schemaVersion: NUTRITION_CONTENT_SCHEMA_VERSION, meta, days };
}

/**
 * A day's targets: each key from the day, else from the plan-level targets (legacy), else the
 * default (0 for imported content). kcalOverride is a boolean (default false). mbpProtein,
 * mbpCarb, mbpFat are kept only when finite and above zero.
 */
function normalizeTargets(value: unknown, context: Context): NutritionTargets {
  const own = asRecord(value);
  const plan = context.planTargets;
  const amount = (key: keyof typeof TARGET_MAX): number =>
    readNonNegative(field(own, key), TARGET_MAX[key]) ??
    readNonNegative(field(plan, key), TARGET_MAX[key]) ??
    (context.imported ? 0 : DEFAULT_NUTRITION_TARGETS[key]);
  const flag = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined);

  const targets: NutritionTargets = {
    kcal: amount("kcal"),
    protein: amount("protein"),
    carbs: amount("carbs"),
    fat: amount("fat"),
    water: amount("water"),
    kcalOverride: flag(field(own, "kcalOverride")) ?? flag(field(plan, "kcalOverride")) ?? false,
  };
  for (const key of MBP_KEYS) {
    const mbp = readPositive(field(own, key), L.mbp) ?? readPositive(field(plan, key), L.mbp);
    if (mbp !== undefined) targets[key] = mbp;
  }
  return targets;
}

function normalizeMeals(value: unknown, context: Context): Meal[] {
  const records = context.meals.takeRecords(value, L.mealsPerDay);
  const ids = assignSiblingIds(
    records.map((meal) => cleanId(field(meal, "id"))),
    context.newId,
  );
  return records.map((raw, index) => {
    const type = oneOf(field(raw, "type"), MEAL_TYPES) ?? "breakfast";
    const meal: Meal = {
      id: ids[index] ?? context.newId(),
      type,
      label: cleanText(field(raw, "label"), L.label) ?? "",
      time: readClockTime(field(raw, "time")) ?? (context.imported ? "" : DEFAULT_MEAL_TIMES[type]),
      prep: cleanText(field(raw, "prep"), L.longText) ?? "",
      items: normalizeItems(field(raw, "items"), context),
    };
    const target = normalizeMealTarget(field(raw, "target"));
    if (target) meal.target = target;
    return meal;
  });
}

/** A meal's optional target: kcal rounded; each key kept only when finite and above zero; an empty target is removed. */
function normalizeMealTarget(value: unknown): MealTarget | undefined {
  if (!isRecord(value)) return undefined;
  const target: MealTarget = {};
  const kcal = readPositive(field(value, "kcal"), L.kcal);
  if (kcal !== undefined && Math.round(kcal) > 0) target.kcal = Math.round(kcal);
  for (const key of MBP_KEYS) {
    const mbp = readPositive(field(value, key), L.mbp);
    if (mbp !== undefined) target[key] = mbp;
  }
  return Object.keys(target).length > 0 ? target : undefined;
}

/** qty: a string (a number is written out); blank or missing is "100", or stays empty for imported content. */
function quantity(value: unknown, context: Context): string {
  return cleanText(value, L.value) || (context.imported ? "" : DEFAULT_ITEM_QTY);
}

function normalizeItems(value: unknown, context: Context): MealItem[] {
  const records = context.items.takeRecords(value, L.itemsPerMeal);
  const ids = assignSiblingIds(
    records.map((item) => cleanId(field(item, "id"))),
    context.newId,
  );
  return records.map((raw, index): MealItem => {
    const base = {
      id: ids[index] ?? context.newId(),
      foodId: cleanId(field(raw, "foodId")) ?? null,
      qty: quantity(field(raw, "qty"), context),
      note: cleanText(field(raw, "note"), L.note) ?? "",
    };
    const countsAs = oneOf(field(raw, "countsAs"), COUNTS_AS);
    const alts = normalizeAlts(field(raw, "alts"), context);
    return countsAs ? { ...base, countsAs, alts } : { ...base, alts };
  });
}

function normalizeAlts(value: unknown, context: Context): MealItemAlt[] {
  const records = context.alts.takeRecords(value, L.altsPerItem);
  const ids = assignSiblingIds(
    records.map((alt) => cleanId(field(alt, "id"))),
    context.newId,
  );
  return records.map((raw, index) => {
    const alt: MealItemAlt = {
      id: ids[index] ?? context.newId(),
      foodId: cleanId(field(raw, "foodId")) ?? null,
      qty: quantity(field(raw, "qty"), context),
    };
    const countsAs = oneOf(field(raw, "countsAs"), COUNTS_AS);
    if (countsAs) alt.countsAs = countsAs;
    return alt;
  });
}
