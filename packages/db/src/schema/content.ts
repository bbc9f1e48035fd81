import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/**
 * Content library categories; three system ones (recipe, video, knowledge) are created with the
 * studio. Names are unique inside the studio without regard to case (document 2 "Category and tag").
 */
export const contentCategories = pgTable(
  "content_categories",
  {
    id: id(),
    studioId: studioIdColumn(),
    systemKey: text("system_key"),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("content_categories_studio_idx").on(t.studioId),
    uniqueIndex("content_categories_studio_name_key").on(t.studioId, sql`lower(${t.name})`),
  ],
);

/** Content library tags: per studio, names unique without regard to case. */
export const contentTags = pgTable(
  "content_tags",
  {
    id: id(),
    studioId: studioIdColumn(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("content_tags_studio_idx").on(t.studioId),
    uniqueIndex("content_tags_studio_name_key").on(t.studioId, sql`lower(${t.name})`),
  ],
);

/** One step of a recipe (or any item): a step or a tip. */
export interface ContentStepValue {
  type: "step" | "tip";
  text: string;
}

/**
 * A library item (document 2 "Content item"). Deleting it cascades to its tags and unlocks and
 * nulls a home banner's reference; the stored media object is never touched.
 */
export const contentItems = pgTable(
  "content_items",
  {
    id: id(),
    studioId: studioIdColumn(),
    /** recipe | video | knowledge | pdf | other | link */
    type: text("type").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    otherLabel: text("other_label"),
    mediaUrl: text("media_url"),
    /** image | video | youtube | pdf | link | none */
    mediaType: text("media_type").notNull().default("none"),
    posterUrl: text("poster_url"),
    ingredients: text("ingredients"),
    steps: jsonb("steps").$type<ContentStepValue[]>().notNull().default([]),
    totalKcal: doublePrecision("total_kcal"),
    totalProtein: doublePrecision("total_protein"),
    totalCarbs: doublePrecision("total_carbs"),
    totalFat: doublePrecision("total_fat"),
    servingGrams: doublePrecision("serving_grams"),
    servingKcal: doublePrecision("serving_kcal"),
    servingProtein: doublePrecision("serving_protein"),
    servingCarbs: doublePrecision("serving_carbs"),
    servingFat: doublePrecision("serving_fat"),
    categoryId: text("category_id").references(() => contentCategories.id, { onDelete: "set null" }),
    isPublished: boolean("is_published").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
    isRestricted: boolean("is_restricted").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list order (its leading studio_id also serves the tenant filter) of both lanes: sortOrder ascending, then newest first.
    index("content_items_studio_order_idx").on(t.studioId, t.sortOrder, t.createdAt.desc(), t.id.desc()),
    index("content_items_studio_featured_idx").on(t.studioId, t.isFeatured),
    index("content_items_category_idx").on(t.categoryId),
  ],
);

/** Tags of an item (replaced as a set when a PATCH sends tagIds). */
export const contentItemTags = pgTable(
  "content_item_tags",
  {
    studioId: studioIdColumn(),
    itemId: text("item_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => contentTags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.tagId], name: "content_item_tags_pkey" }),
    index("content_item_tags_studio_idx").on(t.studioId),
    index("content_item_tags_tag_idx").on(t.tagId),
  ],
);

/**
 * One row per (item, trainee): the pair is the key. source manual rows are the coach's replace-set; automation rows
 * (automation flows, imports) are listed but never deleted by the unlock routes.
 *
 * No per-row foreign keys (migration 0022, docs/decisions/content.md "Unlock rows without per-row
 * foreign keys"): a 5,000-trainee PUT spent half its PostgreSQL time in 15,000 FK checks. Statement
 * triggers hold the same rules set-based: an inserted or updated row's trainee and item must be
 * of the row's studio (else foreign_key_violation), and deleting a trainee or an item (a studio's
 * cascade included) deletes its rows, under a per-studio advisory lock so a concurrent write and
 * delete cannot leave a row behind.
 */
export const contentUnlocks = pgTable(
  "content_unlocks",
  {
    studioId: text("studio_id").notNull(),
    contentId: text("content_id").notNull(),
    clientId: text("client_id").notNull(),
    /** manual | automation */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.clientId], name: "content_unlocks_pkey" }),
    // Tenant index and the unlock list's order (an item's rows, newest first) in one.
    index("content_unlocks_studio_content_created_idx").on(t.studioId, t.contentId, t.createdAt.desc()),
    index("content_unlocks_client_idx").on(t.clientId),
  ],
);

/**
 * The studio's home banner (decisions.md "Supporting web routes"): at most one per studio. A live
 * banner's item can be opened by id even when unpublished; deleting the item nulls contentId.
 */
export const homeBanners = pgTable(
  "home_banners",
  {
    id: id(),
    studioId: studioIdColumn(),
    contentId: text("content_id").references(() => contentItems.id, { onDelete: "set null" }),
    isLive: boolean("is_live").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("home_banners_studio_key").on(t.studioId),
    index("home_banners_content_idx").on(t.contentId),
  ],
);

export type ContentItemRow = typeof contentItems.$inferSelect;
export type ContentCategoryRow = typeof contentCategories.$inferSelect;
export type ContentTagRow = typeof contentTags.$inferSelect;
export type ContentUnlockRow = typeof contentUnlocks.$inferSelect;
export type HomeBannerRow = typeof homeBanners.$inferSelect;
