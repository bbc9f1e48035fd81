// The partner nutrition days source (document 2 "Client tracking", nutrition view and day
// detail): for a span of at most 62 local days it merges the active NUTRITION plan (targets and
// meals, plan day by rotation with today as the first plan day), the plan-day snapshots
// (nutrition_day_meals), custom meals and free meal logs (meal_logs) without double counting
// (a custom meal that mirrors a meal log counts once, as the custom meal), with the studio's
// effective food values (food_overrides over foods). Three queries for the span's rows plus one
// for the foods they name, whatever its length; the plan is read once by the caller.
// Choices where the spec is silent: docs/decisions/tracking.md "Coach nutrition views".

import { and, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Meal, MealType, NutritionContent, NutritionDay } from "@studio/contracts";
import {
  customMeals,
  foodOverrides,
  foods,
  mealLogs,
  nutritionDayMeals,
  programs,
  type DbOrTx,
} from "@studio/db";
import { validation } from "../errors";
import type { StudioScope } from "../scope";
import { loadTrackedTrainee } from "./tracked-trainee";
import { normalizeNutritionContent } from "../templates/normalize-nutrition-content";
import { nutritionDayAt } from "../templates/nutrition-day-at";
import { keysOf, lengthOf, localTimeOf, type DayRange } from "../time/day-keys";
import { daysBetween } from "../time/zoned-time";

/** The longest span the source reads at once (document 2 limits "Nutrition range chunk"). */
export const NUTRITION_SPAN_LIMIT_DAYS = 62;

export const MEAL_SLOTS = ["breakfast", "lunch", "dinner", "snack"] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];

/** Grams of a macro per exchange portion (exchanges unit): protein 7, carbs 15, fat 5. */
export const GRAMS_PER_PORTION = { protein: 7, carbs: 15, fat: 5 } as const;

export interface Macros {
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
}

/** One display line: a food with its effective name, grams and values (values null when unknown). */
export interface FoodLine {
  foodId: string | null;
  name: string;
  qty: number | null;
  kcal: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
}

/** One meal of a day, from one of the three sources, as logged (only what counts). */
export interface DayMeal {
  /** plan:<mealId>, custom:<mealId>, log:<logId>. */
  id: string;
  source: "plan" | "custom" | "log";
  /** The view's slot (custom meals are snacks there). */
  slot: MealSlot;
  /** The day detail's slot (a custom meal takes its linked log's local hour). */
  detailSlot: MealSlot;
  label: string | null;
  /** Local "HH:mm" (plan meal time, the log's consumedAt), null when unknown. */
  time: string | null;
  foods: FoodLine[];
  note: string | null;
  photoUrl: string | null;
  /** Counts for the day's eaten totals and slots (a plan meal eaten outside, replaced, or with an eaten item). */
  counted: boolean;
}

export interface NutritionSourceDay {
  date: string;
  /** mbp when the plan day carries exchange targets, grams for another plan day, null without a plan. */
  mode: "mbp" | "grams" | null;
  /** The plan day's targets in grams (kcal, protein, carbs, fat); null without a plan. */
  target: Macros | null;
  /** Exchange targets (mbpProtein, mbpCarb, mbpFat; missing ones from the gram targets). */
  targetPortions: Omit<Macros, "kcal"> | null;
  /** Eaten totals in grams over the counted meals. */
  eaten: Macros;
  slots: Record<MealSlot, boolean>;
  /** True when at least one meal counts. */
  logged: boolean;
  meals: DayMeal[];
}

/** The trainee whose views are read, with its day zone and today's key. */
export interface NutritionSubject {
  clientId: string;
  zone: string;
  today: string;
  plan: NutritionPlan;
}

export type NutritionPlan =
  | { kind: "none" }
  | { kind: "file"; programId: string }
  | { kind: "plan"; programId: string; content: NutritionContent };

/**
 * The active nutrition plan (document 2 shared rules): the most recently updated ACTIVE program
 * of exact type NUTRITION (COMBINED ignored); a pdfUrl (PDF or link) makes it a file plan.
 */
export async function loadActiveNutritionPlan(
  db: DbOrTx,
  studioId: string,
  clientId: string,
): Promise<NutritionPlan> {
  const [row] = await db
    .select({ id: programs.id, content: programs.content, pdfUrl: programs.pdfUrl })
    .from(programs)
    .where(
      and(
        eq(programs.clientId, clientId),
        eq(programs.studioId, studioId),
        eq(programs.status, "ACTIVE"),
        eq(programs.type, "NUTRITION"),
      ),
    )
    .orderBy(desc(programs.updatedAt), desc(programs.createdAt))
    .limit(1);
  if (!row) return { kind: "none" };
  if (row.pdfUrl) return { kind: "file", programId: row.id };
  return { kind: "plan", programId: row.id, content: normalizeNutritionContent(row.content) };
}

/** The trainee and its active nutrition plan (two queries). */
export async function loadNutritionSubject(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
): Promise<NutritionSubject> {
  const { zone, today } = await loadTrackedTrainee(db, scope, clientId);
  const plan = await loadActiveNutritionPlan(db, scope.studioId, clientId);
  return { clientId, zone, today, plan };
}

/**
 * The plan day of a date: rotation with today as the first plan day (offset = days from today
 * to the date; yesterday is the last plan day, tomorrow the second). Null without a plan.
 */
export function planDayFor(plan: NutritionPlan, today: string, date: string): NutritionDay | null {
  if (plan.kind !== "plan") return null;
  return nutritionDayAt(plan.content, daysBetween(today, date));
}

/** Slot of a plan meal type: snack_am, pre and post are snacks. */
export function slotOfMealType(type: MealType): MealSlot {
  if (type === "breakfast" || type === "lunch" || type === "dinner") return type;
  return "snack";
}

/** Slot of a free meal by its local hour: before 11 breakfast, before 16 lunch, before 19 snack, else dinner. */
export function slotOfHour(hour: number): MealSlot {
  if (hour < 11) return "breakfast";
  if (hour < 16) return "lunch";
  if (hour < 19) return "snack";
  return "dinner";
}

// ---- rows as the source reads them ----

export interface SnapshotRow {
  date: string;
  mealId: string;
  status: string;
  replacementName: string | null;
  items: unknown;
  addedItems: unknown;
}

export interface CustomMealRow {
  id: string;
  date: string;
  label: string;
  items: unknown;
  note: string | null;
  photoUrl: string | null;
  /** consumedAt of the linked meal log, when there is one. */
  linkedConsumedAt: Date | null;
}

export interface MealLogRow {
  id: string;
  day: string;
  consumedAt: Date;
  items: unknown;
  note: string | null;
  photoUrl: string | null;
}

/** A food's effective values (per 100 g) for the studio. */
export interface EffectiveFood {
  name: string;
  kcal: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
}

export interface NutritionRows {
  snapshots: SnapshotRow[];
  customMeals: CustomMealRow[];
  /** Meal logs no custom meal mirrors. */
  mealLogs: MealLogRow[];
  foods: Map<string, EffectiveFood>;
}

const asArray = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === "object") : [];
const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const num = (value: unknown): number | null => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};

/** Food ids the rows and the plan name (to read their effective values once). */
export function referencedFoodIds(rows: Omit<NutritionRows, "foods">, plan: NutritionPlan): string[] {
  const ids = new Set<string>();
  const add = (value: unknown) => {
    const id = str(value);
    if (id) ids.add(id);
  };
  for (const snapshot of rows.snapshots) {
    for (const item of asArray(snapshot.items)) add(item.swapFoodId);
    for (const item of asArray(snapshot.addedItems)) add(item.foodId);
  }
  if (plan.kind === "plan") {
    const meals = mealsById(plan.content);
    for (const snapshot of rows.snapshots) {
      for (const item of meals.get(snapshot.mealId)?.items ?? []) add(item.foodId);
    }
  }
  for (const meal of rows.customMeals) for (const item of asArray(meal.items)) add(item.foodId);
  for (const log of rows.mealLogs) for (const item of asArray(log.items)) add(item.foodId);
  return [...ids];
}

function mealsById(content: NutritionContent): Map<string, Meal> {
  const map = new Map<string, Meal>();
  for (const day of content.days) for (const meal of day.meals) if (!map.has(meal.id)) map.set(meal.id, meal);
  return map;
}

const scaled = (per100: number | null, qty: number | null): number | null =>
  per100 === null || qty === null ? null : (per100 * qty) / 100;

/** A line for a library food at `qty` grams (effective name and values; unknown food keeps `fallbackName`). */
function foodLine(
  foodsById: Map<string, EffectiveFood>,
  foodId: string | null,
  qty: number | null,
  fallbackName: string | null,
): FoodLine | null {
  const food = foodId ? foodsById.get(foodId) : undefined;
  const name = food?.name ?? fallbackName;
  if (!name) return null;
  return {
    foodId,
    name,
    qty,
    kcal: scaled(food?.kcal ?? null, qty),
    protein: scaled(food?.protein ?? null, qty),
    carbs: scaled(food?.carbs ?? null, qty),
    fat: scaled(food?.fat ?? null, qty),
  };
}

/**
 * A logged food (meal log or custom meal item): the effective food's name when it names a
 * library food; its own stored values, else the effective food's values for its grams.
 */
function loggedLine(foodsById: Map<string, EffectiveFood>, item: Record<string, unknown>): FoodLine | null {
  const foodId = str(item.foodId);
  const qty = num(item.qty);
  const base = foodLine(foodsById, foodId, qty, str(item.name));
  if (!base) return null;
  const own = (key: keyof Macros) => num(item[key]);
  return {
    ...base,
    kcal: own("kcal") ?? base.kcal,
    protein: own("protein") ?? base.protein,
    carbs: own("carbs") ?? base.carbs,
    fat: own("fat") ?? base.fat,
  };
}

/**
 * A plan meal with its snapshot (document 2 "Day detail"): removed → null; replaced → the
 * replacement's name with the foods added to it; eaten outside → every plan item (swaps and
 * adjusted portions applied) and the added foods; otherwise the eaten items and the added foods.
 * An item without a state is eaten when the meal's status is eaten. It counts when eaten
 * outside, replaced, or with at least one eaten item (or added food).
 */
export function planMealOf(
  meal: Meal,
  snapshot: SnapshotRow,
  foodsById: Map<string, EffectiveFood>,
): DayMeal | null {
  const status = snapshot.status;
  if (status === "removed") return null;
  const states = new Map(asArray(snapshot.items).map((s) => [str(s.itemId) ?? "", s]));
  const added = asArray(snapshot.addedItems)
    .map((a) => foodLine(foodsById, str(a.foodId), num(a.qty), null))
    .filter((line): line is FoodLine => line !== null);
  let lines: FoodLine[];
  let label: string | null = str(meal.label);
  if (status === "replaced") {
    label = str(snapshot.replacementName) ?? label;
    lines = added;
  } else {
    const items: FoodLine[] = [];
    for (const item of meal.items) {
      const state = states.get(item.id);
      const eaten = state ? state.eaten === true : status === "eaten";
      if (status !== "eatenOutside" && !eaten) continue;
      const foodId = str(state?.swapFoodId) ?? str(item.foodId);
      const qty = num(state?.qty) ?? num(item.qty);
      const line = foodLine(foodsById, foodId, qty, null);
      if (line) items.push(line);
    }
    lines = [...items, ...added];
  }
  const counted = status === "eatenOutside" || status === "replaced" || lines.length > 0;
  const slot = slotOfMealType(meal.type);
  return {
    id: `plan:${meal.id}`,
    source: "plan",
    slot,
    detailSlot: slot,
    label,
    time: str(meal.time),
    foods: lines,
    note: null,
    photoUrl: null,
    counted,
  };
}

const ZERO: Macros = { kcal: 0, protein: 0, carbs: 0, fat: 0 };

function totalsOf(meals: DayMeal[]): Macros {
  const total = { ...ZERO };
  for (const meal of meals) {
    if (!meal.counted) continue;
    for (const line of meal.foods) {
      total.kcal += line.kcal ?? 0;
      total.protein += line.protein ?? 0;
      total.carbs += line.carbs ?? 0;
      total.fat += line.fat ?? 0;
    }
  }
  return total;
}

function modeOf(day: NutritionDay): "mbp" | "grams" {
  const t = day.targets;
  return t.mbpProtein || t.mbpCarb || t.mbpFat ? "mbp" : "grams";
}

/**
 * Merges the rows of a span into its days, oldest first (pure; the unit tests drive it). Plan
 * meals come from the plan day's meals and from any plan meal a snapshot of the date names (a
 * snapshot of a meal no longer in the plan is skipped); then custom meals; then the meal logs no
 * custom meal mirrors (each counted once).
 */
export function mergeNutritionDays(
  subject: Pick<NutritionSubject, "zone" | "today" | "plan">,
  range: DayRange,
  rows: NutritionRows,
): NutritionSourceDay[] {
  const { plan, today, zone } = subject;
  const byId = plan.kind === "plan" ? mealsById(plan.content) : new Map<string, Meal>();
  const snapshotsOf = groupBy(rows.snapshots, (s) => s.date);
  const customOf = groupBy(rows.customMeals, (c) => c.date);
  const logsOf = groupBy(rows.mealLogs, (l) => l.day);
  const hourOf = (instant: Date) => Number(localTimeOf(instant, zone).slice(0, 2));

  return keysOf(range).map((date): NutritionSourceDay => {
    const planDay = planDayFor(plan, today, date);
    const meals: DayMeal[] = [];
    const dayMealIds = new Set(planDay?.meals.map((m) => m.id) ?? []);
    const snapshots = snapshotsOf.get(date) ?? [];
    const snapshotOf = new Map(snapshots.map((s) => [s.mealId, s]));
    const planMeals: Meal[] = [
      ...(planDay?.meals ?? []),
      ...snapshots.filter((s) => !dayMealIds.has(s.mealId)).flatMap((s) => byId.get(s.mealId) ?? []),
    ];
    for (const meal of planMeals) {
      const snapshot = snapshotOf.get(meal.id);
      if (!snapshot) continue;
      const dayMeal = planMealOf(meal, snapshot, rows.foods);
      if (dayMeal) meals.push(dayMeal);
    }
    for (const custom of customOf.get(date) ?? []) {
      const foodsOf = asArray(custom.items)
        .map((item) => loggedLine(rows.foods, item))
        .filter((line): line is FoodLine => line !== null);
      meals.push({
        id: `custom:${custom.id}`,
        source: "custom",
        slot: "snack",
        detailSlot: custom.linkedConsumedAt ? slotOfHour(hourOf(custom.linkedConsumedAt)) : "snack",
        label: str(custom.label),
        time: custom.linkedConsumedAt ? localTimeOf(custom.linkedConsumedAt, zone) : null,
        foods: foodsOf,
        note: custom.note,
        photoUrl: custom.photoUrl,
        counted: true,
      });
    }
    for (const log of logsOf.get(date) ?? []) {
      const foodsOf = asArray(log.items)
        .map((item) => loggedLine(rows.foods, item))
        .filter((line): line is FoodLine => line !== null);
      const slot = slotOfHour(hourOf(log.consumedAt));
      meals.push({
        id: `log:${log.id}`,
        source: "log",
        slot,
        detailSlot: slot,
        label: null,
        time: localTimeOf(log.consumedAt, zone),
        foods: foodsOf,
        note: log.note,
        photoUrl: log.photoUrl,
        counted: true,
      });
    }
    const slots: Record<MealSlot, boolean> = { breakfast: false, lunch: false, dinner: false, snack: false };
    for (const meal of meals) if (meal.counted) slots[meal.slot] = true;
    const t = planDay?.targets;
    return {
      date,
      mode: planDay ? modeOf(planDay) : null,
      target: t ? { kcal: t.kcal, protein: t.protein, carbs: t.carbs, fat: t.fat } : null,
      targetPortions: t
        ? {
            protein: t.mbpProtein ?? t.protein / GRAMS_PER_PORTION.protein,
            carbs: t.mbpCarb ?? t.carbs / GRAMS_PER_PORTION.carbs,
            fat: t.mbpFat ?? t.fat / GRAMS_PER_PORTION.fat,
          }
        : null,
      eaten: totalsOf(meals),
      slots,
      logged: meals.some((m) => m.counted),
      meals,
    };
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** The span's rows: snapshots, custom meals (with their linked log's time), unmirrored meal logs. */
export async function loadNutritionRows(
  db: DbOrTx,
  studioId: string,
  subject: NutritionSubject,
  range: DayRange,
): Promise<NutritionRows> {
  const { clientId } = subject;
  const [snapshots, custom, logs] = await Promise.all([
    db
      .select({
        date: nutritionDayMeals.date,
        mealId: nutritionDayMeals.mealId,
        status: nutritionDayMeals.status,
        replacementName: nutritionDayMeals.replacementName,
        items: nutritionDayMeals.items,
        addedItems: nutritionDayMeals.addedItems,
      })
      .from(nutritionDayMeals)
      .where(
        and(
          eq(nutritionDayMeals.clientId, clientId),
          eq(nutritionDayMeals.studioId, studioId),
          gte(nutritionDayMeals.date, range.from),
          lte(nutritionDayMeals.date, range.to),
        ),
      ),
    db
      .select({
        id: customMeals.id,
        date: customMeals.date,
        label: customMeals.label,
        items: customMeals.items,
        note: customMeals.note,
        photoUrl: customMeals.photoUrl,
        linkedConsumedAt: mealLogs.consumedAt,
      })
      .from(customMeals)
      .leftJoin(
        mealLogs,
        and(eq(mealLogs.id, customMeals.mealLogId), eq(mealLogs.clientId, customMeals.clientId)),
      )
      .where(
        and(
          eq(customMeals.clientId, clientId),
          eq(customMeals.studioId, studioId),
          gte(customMeals.date, range.from),
          lte(customMeals.date, range.to),
        ),
      )
      .orderBy(customMeals.createdAt, customMeals.id),
    db
      .select({
        id: mealLogs.id,
        day: mealLogs.day,
        consumedAt: mealLogs.consumedAt,
        items: mealLogs.items,
        note: mealLogs.note,
        photoUrl: mealLogs.photoUrl,
      })
      .from(mealLogs)
      .where(
        and(
          eq(mealLogs.clientId, clientId),
          eq(mealLogs.studioId, studioId),
          gte(mealLogs.day, range.from),
          lte(mealLogs.day, range.to),
          sql`not exists (select 1 from ${customMeals} where ${customMeals.clientId} = ${mealLogs.clientId} and ${customMeals.mealLogId} = ${mealLogs.id})`,
        ),
      )
      .orderBy(mealLogs.consumedAt, mealLogs.id),
  ]);
  const withoutFoods = { snapshots, customMeals: custom, mealLogs: logs };
  const ids = referencedFoodIds(withoutFoods, subject.plan);
  return { ...withoutFoods, foods: await loadEffectiveFoods(db, studioId, ids) };
}

/** The studio's effective food rows (override columns over the base row) of the ids, one query. */
export async function loadEffectiveFoods(
  db: DbOrTx,
  studioId: string,
  ids: string[],
): Promise<Map<string, EffectiveFood>> {
  const map = new Map<string, EffectiveFood>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      id: foods.id,
      name: sql<string>`coalesce(${foodOverrides.name}, ${foods.name})`,
      kcal: sql<number | null>`coalesce(${foodOverrides.kcal}, ${foods.kcal})`,
      protein: sql<number | null>`coalesce(${foodOverrides.protein}, ${foods.protein})`,
      carbs: sql<number | null>`coalesce(${foodOverrides.carbs}, ${foods.carbs})`,
      fat: sql<number | null>`coalesce(${foodOverrides.fat}, ${foods.fat})`,
    })
    .from(foods)
    .leftJoin(foodOverrides, and(eq(foodOverrides.foodId, foods.id), eq(foodOverrides.studioId, studioId)))
    .where(and(inArray(foods.id, ids), or(isNull(foods.studioId), eq(foods.studioId, studioId))));
  for (const row of rows) {
    map.set(row.id, {
      name: row.name,
      kcal: num(row.kcal),
      protein: num(row.protein),
      carbs: num(row.carbs),
      fat: num(row.fat),
    });
  }
  return map;
}

/**
 * The partner nutrition days source: the merged days of a span of at most 62 days (a longer
 * span is refused; callers split with chunksOf).
 */
export async function loadNutritionDays(
  db: DbOrTx,
  studioId: string,
  subject: NutritionSubject,
  range: DayRange,
): Promise<NutritionSourceDay[]> {
  const length = lengthOf(range);
  if (length < 1 || length > NUTRITION_SPAN_LIMIT_DAYS)
    throw validation(`the nutrition days source reads 1 to ${NUTRITION_SPAN_LIMIT_DAYS} days`);
  const rows = await loadNutritionRows(db, studioId, subject, range);
  return mergeNutritionDays(subject, range, rows);
}
