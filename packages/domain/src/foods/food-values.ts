import { and, asc, count, eq, ilike, isNull, not, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { UNCATEGORIZED, type Food, type FoodListFilters } from "@studio/contracts";
import { foodOverrides, foods, type DbOrTx } from "@studio/db";
import { windowOf, type ListWindow } from "../paging";
import { containsPattern } from "../team/search-pattern";
import type { StudioScope } from "../scope";

/**
 * Effective values of a food for one studio (document 3 "Shopping list item"): a non-null column of
 * the studio's override replaces the base row's. Every read joins the override in the same
 * statement (`withOverride`), so no list costs a query per food.
 */
const effective = <T>(override: AnyColumn, base: AnyColumn) =>
  sql`coalesce(${override}, ${base})`.mapWith(base) as unknown as SQL<T>;

export const effectiveFood = {
  name: effective<string>(foodOverrides.name, foods.name),
  brand: effective<string | null>(foodOverrides.brand, foods.brand),
  category: effective<string | null>(foodOverrides.category, foods.category),
  categories: effective<string[]>(foodOverrides.categories, foods.categories),
  kcal: effective<number | null>(foodOverrides.kcal, foods.kcal),
  protein: effective<number | null>(foodOverrides.protein, foods.protein),
  carbs: effective<number | null>(foodOverrides.carbs, foods.carbs),
  fat: effective<number | null>(foodOverrides.fat, foods.fat),
  includeInShopping: effective<boolean>(foodOverrides.includeInShopping, foods.includeInShopping),
};

/** The join condition of the studio's override (overrides exist for system foods only). */
export const withOverride = (studioId: string) =>
  and(eq(foodOverrides.foodId, foods.id), eq(foodOverrides.studioId, studioId));

/** System foods and the studio's own; never another studio's. */
export const visibleToStudio = (studioId: string) => or(isNull(foods.studioId), eq(foods.studioId, studioId));

/** Foods offered for shopping: visible, includeInShopping in the effective values, not a private AI import. */
export const offeredForShopping = (studioId: string) =>
  and(visibleToStudio(studioId), effectiveFood.includeInShopping, not(foods.privateAiImport));

/**
 * The list filters on effective values: search (case-insensitive, name) and category (the
 * categories array contains it, or the single category equals it; "uncategorized" is no
 * wildcard here, it matches foods storing that string).
 */
export function foodFilterConditions(filters: Pick<FoodListFilters, "search" | "category">): SQL[] {
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(ilike(effectiveFood.name, containsPattern(filters.search)));
  if (filters.category) {
    conditions.push(
      or(
        sql`${effectiveFood.categories} @> jsonb_build_array(${filters.category}::text)`,
        eq(effectiveFood.category, filters.category),
      )!,
    );
  }
  return conditions;
}

/** Foods a trainee may log: visible to the studio and not a private AI import (those stay the coach's). */
export const loggableByTrainee = (studioId: string) =>
  and(visibleToStudio(studioId), not(foods.privateAiImport));

/** The trainee's food search: a part of the effective name or of the effective brand, letter case ignored. */
export const nameOrBrandMatches = (search: string) => {
  const pattern = containsPattern(search);
  return or(ilike(effectiveFood.name, pattern), ilike(effectiveFood.brand, pattern))!;
};

/** Lists of foods: by effective name regardless of letter case, then name, then id (stable pages). */
export const foodOrder = [asc(sql`lower(${effectiveFood.name})`), asc(effectiveFood.name), asc(foods.id)];

/**
 * The bucket values a food counts under: each entry of its categories array, else its single
 * category, else "uncategorized" — one row per value (a set-returning expression for a subquery).
 */
export const categoryBuckets = sql<string>`jsonb_array_elements_text(case
  when jsonb_array_length(${effectiveFood.categories}) > 0 then ${effectiveFood.categories}
  else jsonb_build_array(coalesce(${effectiveFood.category}, ${UNCATEGORIZED}::text)) end)`;

/** A trainee's view of a food (logging, shopping): the id and the effective name, brand, categories, macros. */
export const foodSummarySelection = {
  id: foods.id,
  name: effectiveFood.name,
  brand: effectiveFood.brand,
  category: effectiveFood.category,
  categories: effectiveFood.categories,
  kcal: effectiveFood.kcal,
  protein: effectiveFood.protein,
  carbs: effectiveFood.carbs,
  fat: effectiveFood.fat,
};

/** The coach's view of a food: effective values plus the override's own columns. */
export const foodSelection = {
  id: foods.id,
  studioId: foods.studioId,
  ...effectiveFood,
  privateAiImport: foods.privateAiImport,
  createdAt: foods.createdAt,
  updatedAt: foods.updatedAt,
  // Drizzle reads a left-joined nested object as null when its FIRST column is null: keep the
  // never-null updatedAt first, so an override whose name is inherited still reads.
  override: {
    updatedAt: foodOverrides.updatedAt,
    name: foodOverrides.name,
    brand: foodOverrides.brand,
    category: foodOverrides.category,
    categories: foodOverrides.categories,
    kcal: foodOverrides.kcal,
    protein: foodOverrides.protein,
    carbs: foodOverrides.carbs,
    fat: foodOverrides.fat,
    includeInShopping: foodOverrides.includeInShopping,
  },
};

type OverrideColumns = {
  name: string | null;
  brand: string | null;
  category: string | null;
  categories: string[] | null;
  kcal: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  includeInShopping: boolean | null;
  updatedAt: Date | null;
};

export interface FoodRow {
  id: string;
  studioId: string | null;
  name: string;
  brand: string | null;
  category: string | null;
  categories: string[];
  kcal: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  includeInShopping: boolean;
  privateAiImport: boolean;
  createdAt: Date;
  updatedAt: Date;
  override: OverrideColumns | null;
}

export const toFood = (row: FoodRow): Food => {
  const override = row.override?.updatedAt ? row.override : null;
  return {
    id: row.id,
    system: row.studioId === null,
    name: row.name,
    brand: row.brand,
    category: row.category,
    categories: row.categories,
    kcal: row.kcal,
    protein: row.protein,
    carbs: row.carbs,
    fat: row.fat,
    includeInShopping: row.includeInShopping,
    privateAiImport: row.privateAiImport,
    override: override
      ? {
          name: override.name,
          brand: override.brand,
          category: override.category,
          categories: override.categories,
          kcal: override.kcal,
          protein: override.protein,
          carbs: override.carbs,
          fat: override.fat,
          includeInShopping: override.includeInShopping,
          updatedAt: override.updatedAt!.toISOString(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** One food as the studio sees it, or undefined (missing, or another studio's). */
export async function selectFood(db: DbOrTx, scope: StudioScope, id: string): Promise<FoodRow | undefined> {
  const { studioId } = scope;
  const [row] = await db
    .select(foodSelection)
    .from(foods)
    .leftJoin(foodOverrides, withOverride(studioId))
    .where(and(eq(foods.id, id), visibleToStudio(studioId)))
    .limit(1);
  return row;
}

/**
 * One page of a studio's foods with its overrides applied (the `selection` read over the foods
 * left-joined with the studio's override, `where` on effective values, in foodOrder) and the total
 * of the same filter: the two statements run concurrently. Every food list reads through this.
 * The rows are typed as the selection reads without a join: a selected override column reads null
 * when the food has no override (foodSelection's nested `override` reads null whole, see toFood).
 */
export async function pageOfStudioFoods<TSelection extends SelectedFields>(
  db: DbOrTx,
  studioId: string,
  query: { selection: TSelection; where: SQL | undefined; window: ListWindow },
): Promise<{ rows: SelectResultFields<TSelection>[]; total: number }> {
  const { limit, offset } = windowOf(query.window);
  const [rows, [totals]] = await Promise.all([
    db
      .select(query.selection as SelectedFields)
      .from(foods)
      .leftJoin(foodOverrides, withOverride(studioId))
      .where(query.where)
      .orderBy(...foodOrder)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(foods)
      .leftJoin(foodOverrides, withOverride(studioId))
      .where(query.where),
  ]);
  return { rows: rows as SelectResultFields<TSelection>[], total: totals?.total ?? 0 };
}
