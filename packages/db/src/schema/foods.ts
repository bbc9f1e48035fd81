import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studios, studioIdColumn } from "./studio";

/**
 * Foods: system foods (studioId null, seeded by migration) and a studio's own foods. privateAiImport
 * marks foods saved privately by the AI plan import (never offered for shopping).
 */
export const foods = pgTable(
  "foods",
  {
    id: id(),
    studioId: text("studio_id").references((): AnyPgColumn => studios.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    brand: text("brand"),
    category: text("category"),
    categories: jsonb("categories").$type<string[]>().notNull().default([]),
    /** Per 100 g. */
    kcal: doublePrecision("kcal"),
    protein: doublePrecision("protein"),
    carbs: doublePrecision("carbs"),
    fat: doublePrecision("fat"),
    includeInShopping: boolean("include_in_shopping").notNull().default(true),
    privateAiImport: boolean("private_ai_import").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("foods_studio_idx").on(t.studioId),
    index("foods_system_idx")
      .on(t.name)
      .where(sql`${t.studioId} is null`),
  ],
);

/** A studio's override of a system food: non-null columns replace the base row's values. */
export const foodOverrides = pgTable(
  "food_overrides",
  {
    id: id(),
    studioId: studioIdColumn(),
    foodId: text("food_id")
      .notNull()
      .references(() => foods.id, { onDelete: "cascade" }),
    name: text("name"),
    brand: text("brand"),
    category: text("category"),
    categories: jsonb("categories").$type<string[]>(),
    kcal: doublePrecision("kcal"),
    protein: doublePrecision("protein"),
    carbs: doublePrecision("carbs"),
    fat: doublePrecision("fat"),
    includeInShopping: boolean("include_in_shopping"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("food_overrides_studio_food_key").on(t.studioId, t.foodId)],
);

/** A trainee's shopping checklist row: one per (trainee, food); name and brand are a snapshot. */
export const shoppingListItems = pgTable(
  "shopping_list_items",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    foodId: text("food_id")
      .notNull()
      .references(() => foods.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    brand: text("brand"),
    checked: boolean("checked").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shopping_list_items_studio_idx").on(t.studioId),
    uniqueIndex("shopping_list_items_client_food_key").on(t.clientId, t.foodId),
  ],
);
