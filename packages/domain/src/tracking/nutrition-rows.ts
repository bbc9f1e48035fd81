// The rows of a span the nutrition days source reads (document 2 "Client tracking"): plan-day
// snapshots, custom meals with their linked log's time, the meal logs no custom meal mirrors, and
// the studio's effective values of the foods they name. Three queries plus one for the foods.

import { and, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  customMeals,
  foodOverrides,
  foods,
  mealLogs,
  nutritionDayMeals,
  preparedQuery,
  type DbOrTx,
} from "@studio/db";
import type { DayRange } from "../time/day-keys";
import { mealsById, type NutritionPlan, type NutritionSubject } from "./nutrition-subject";
import { asArray, num, str } from "./stored-items";
import type { StudioScope } from "../scope";

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

/** The rows the per-day totals read: the custom meals' and meal logs' items, not what only the day detail shows. */
export interface NutritionTotalsRows {
  snapshots: SnapshotRow[];
  customMeals: Pick<CustomMealRow, "date" | "items">[];
  mealLogs: Pick<MealLogRow, "day" | "consumedAt" | "items">[];
  foods: Map<string, EffectiveFood>;
}

/** Food ids the rows and the plan name (to read their effective values once). */
export function referencedFoodIds(rows: Omit<NutritionTotalsRows, "foods">, plan: NutritionPlan): string[] {
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

const p = {
  clientId: sql.placeholder("clientId"),
  studioId: sql.placeholder("studioId"),
  from: sql.placeholder("from"),
  to: sql.placeholder("to"),
};

/** The span's plan-meal snapshots. */
const snapshotsQuery = (db: DbOrTx) =>
  preparedQuery(db, "nutrition_snapshots", (on) =>
    on
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
          eq(nutritionDayMeals.clientId, p.clientId),
          eq(nutritionDayMeals.studioId, p.studioId),
          gte(nutritionDayMeals.date, p.from),
          lte(nutritionDayMeals.date, p.to),
        ),
      )
      .prepare("nutrition_snapshots"),
  );

const customMealsOfSpan = and(
  eq(customMeals.clientId, p.clientId),
  eq(customMeals.studioId, p.studioId),
  gte(customMeals.date, p.from),
  lte(customMeals.date, p.to),
);

/** The span's custom meals with what the day detail shows of them. */
const customMealsQuery = (db: DbOrTx) =>
  preparedQuery(db, "nutrition_custom_meals", (on) =>
    on
      .select({
        id: customMeals.id,
        date: customMeals.date,
        label: customMeals.label,
        items: customMeals.items,
        note: customMeals.note,
        photoUrl: customMeals.photoUrl,
        // A lookup by primary key per custom meal: as a left join the planner hashed every meal
        // log of the trainee (2,192 over 3 years) for each 62-day chunk (issue 30).
        linkedConsumedAt: sql<Date | null>`(select m.consumed_at from ${mealLogs} m
          where m.id = "custom_meals"."meal_log_id" and m.client_id = "custom_meals"."client_id")`.mapWith(
          mealLogs.consumedAt,
        ),
      })
      .from(customMeals)
      .where(customMealsOfSpan)
      .orderBy(customMeals.createdAt, customMeals.id)
      .prepare("nutrition_custom_meals"),
  );

/** The span's custom meals as the totals read them (their items; in the same order). */
const customMealTotalsQuery = (db: DbOrTx) =>
  preparedQuery(db, "nutrition_custom_meal_totals", (on) =>
    on
      .select({ date: customMeals.date, items: customMeals.items })
      .from(customMeals)
      .where(customMealsOfSpan)
      .orderBy(customMeals.createdAt, customMeals.id)
      .prepare("nutrition_custom_meal_totals"),
  );

const unmirroredLogsOfSpan = and(
  eq(mealLogs.clientId, p.clientId),
  eq(mealLogs.studioId, p.studioId),
  gte(mealLogs.day, p.from),
  lte(mealLogs.day, p.to),
  // NOT IN over the trainee's mirrored log ids (one hashed subplan): the NOT EXISTS anti
  // join's generic plan (prepared statements) probed every custom meal of the trainee per
  // meal log, 23 ms a 62-day chunk over 3 years (issue 30).
  sql`${mealLogs.id} not in (select ${customMeals.mealLogId} from ${customMeals} where ${customMeals.clientId} = ${p.clientId} and ${customMeals.studioId} = ${p.studioId} and ${customMeals.mealLogId} is not null)`,
);

/** The span's meal logs no custom meal mirrors, with what the day detail shows of them. */
const mealLogsQuery = (db: DbOrTx) =>
  preparedQuery(db, "nutrition_meal_logs", (on) =>
    on
      .select({
        id: mealLogs.id,
        day: mealLogs.day,
        consumedAt: mealLogs.consumedAt,
        items: mealLogs.items,
        note: mealLogs.note,
        photoUrl: mealLogs.photoUrl,
      })
      .from(mealLogs)
      .where(unmirroredLogsOfSpan)
      .orderBy(mealLogs.consumedAt, mealLogs.id)
      .prepare("nutrition_meal_logs"),
  );

/** The span's unmirrored meal logs as the totals read them (day, time, items; same order). */
const mealLogTotalsQuery = (db: DbOrTx) =>
  preparedQuery(db, "nutrition_meal_log_totals", (on) =>
    on
      .select({ day: mealLogs.day, consumedAt: mealLogs.consumedAt, items: mealLogs.items })
      .from(mealLogs)
      .where(unmirroredLogsOfSpan)
      .orderBy(mealLogs.consumedAt, mealLogs.id)
      .prepare("nutrition_meal_log_totals"),
  );

const spanParams = (scope: StudioScope, subject: NutritionSubject, range: DayRange) => ({
  clientId: subject.clientId,
  studioId: scope.studioId,
  from: range.from,
  to: range.to,
});

/** The span's rows: snapshots, custom meals (with their linked log's time), unmirrored meal logs. */
export async function loadNutritionRows(
  db: DbOrTx,
  scope: StudioScope,
  subject: NutritionSubject,
  range: DayRange,
): Promise<NutritionRows> {
  const params = spanParams(scope, subject, range);
  const [snapshots, custom, logs] = await Promise.all([
    snapshotsQuery(db).execute(params),
    customMealsQuery(db).execute(params),
    mealLogsQuery(db).execute(params),
  ]);
  const withoutFoods = { snapshots, customMeals: custom, mealLogs: logs };
  const ids = referencedFoodIds(withoutFoods, subject.plan);
  return { ...withoutFoods, foods: await loadEffectiveFoods(db, scope, ids) };
}

/**
 * The span's rows as the range views read them (only per-day totals and slots): the same rows
 * without what only the day detail shows (labels, notes, photos, the linked log's time).
 */
export async function loadNutritionTotalsRows(
  db: DbOrTx,
  scope: StudioScope,
  subject: NutritionSubject,
  range: DayRange,
): Promise<NutritionTotalsRows> {
  const params = spanParams(scope, subject, range);
  const [snapshots, custom, logs] = await Promise.all([
    snapshotsQuery(db).execute(params),
    customMealTotalsQuery(db).execute(params),
    mealLogTotalsQuery(db).execute(params),
  ]);
  const withoutFoods = { snapshots, customMeals: custom, mealLogs: logs };
  const ids = referencedFoodIds(withoutFoods, subject.plan);
  return { ...withoutFoods, foods: await loadEffectiveFoods(db, scope, ids) };
}

/** The studio's effective food rows (override columns over the base row) of the ids, one query. */
export async function loadEffectiveFoods(
  db: DbOrTx,
  scope: StudioScope,
  ids: string[],
): Promise<Map<string, EffectiveFood>> {
  const { studioId } = scope;
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
