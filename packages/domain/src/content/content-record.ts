import { and, eq, getTableColumns, getTableName, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type {
  ContentCategory,
  ContentItem,
  ContentMediaType,
  ContentStep,
  ContentTag,
  ContentType,
  HomeBanner,
  TraineeContentItem,
} from "@studio/contracts";
import {
  clients,
  contentCategories,
  contentItems,
  contentItemTags,
  contentTags,
  contentUnlocks,
  type ContentCategoryRow,
  type ContentItemRow,
  type ContentTagRow,
  type DbOrTx,
  type HomeBannerRow,
} from "@studio/db";
import type { StudioScope } from "../scope";
import { clientIsLive } from "../clients/live-trainee";

/**
 * A column always written with its table name. Drizzle leaves columns of a one-table query
 * unqualified, which inside a correlated subquery would bind to the subquery's own table.
 */
export const col = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A timestamp as the ISO text `Date#toISOString` writes (UTC, milliseconds), formatted by PostgreSQL. */
export const isoText = (column: AnyPgColumn) =>
  sql<string>`to_char(${col(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const categoryJson = sql`json_build_object(
  'id', ${col(contentCategories.id)}, 'studioId', ${col(contentCategories.studioId)}, 'name', ${col(contentCategories.name)},
  'systemKey', ${col(contentCategories.systemKey)}, 'sortOrder', ${col(contentCategories.sortOrder)},
  'createdAt', ${isoText(contentCategories.createdAt)}, 'updatedAt', ${isoText(contentCategories.updatedAt)})`;

const tagJson = sql`json_build_object(
  'id', ${col(contentTags.id)}, 'studioId', ${col(contentTags.studioId)}, 'name', ${col(contentTags.name)},
  'sortOrder', ${col(contentTags.sortOrder)},
  'createdAt', ${isoText(contentTags.createdAt)}, 'updatedAt', ${isoText(contentTags.updatedAt)})`;

/**
 * An item's columns with its category and tags resolved inside the same statement (correlated
 * subqueries on indexed keys), so a list page is one query whatever its size: never a query per item.
 */
export const contentItemSelection = {
  ...getTableColumns(contentItems),
  category: sql<unknown>`(select ${categoryJson} from ${contentCategories}
    where ${col(contentCategories.id)} = ${col(contentItems.categoryId)} and ${col(contentCategories.studioId)} = ${col(contentItems.studioId)})`,
  tags: sql<unknown>`coalesce((select json_agg(${tagJson} order by ${col(contentTags.name)}, ${col(contentTags.id)})
    from ${contentItemTags} join ${contentTags} on ${col(contentTags.id)} = ${col(contentItemTags.tagId)}
    where ${col(contentItemTags.itemId)} = ${col(contentItems.id)}), '[]'::json)`,
};

/** Unlock rows of live trainees (a deleted trainee's rows are neither listed nor counted). */
export const liveUnlockOwner = sql`exists (select 1 from ${clients}
  where ${col(clients.id)} = ${col(contentUnlocks.clientId)} and ${clientIsLive()})`;

/** The coach's selection: the item, category, tags and the unlock count, one statement. */
export const coachItemSelection = {
  ...contentItemSelection,
  unlockCount: sql<number>`(select count(*)::int from ${contentUnlocks}
    where ${col(contentUnlocks.contentId)} = ${col(contentItems.id)} and ${liveUnlockOwner})`.mapWith(Number),
};

/** The trainee's selection: unlockedAt is this trainee's unlock time, only for restricted items. */
export const traineeItemSelection = (clientId: string) => ({
  ...contentItemSelection,
  unlockedAt: sql<string | null>`case when ${col(contentItems.isRestricted)} then (
    select ${isoText(contentUnlocks.createdAt)} from ${contentUnlocks}
    where ${col(contentUnlocks.contentId)} = ${col(contentItems.id)} and ${col(contentUnlocks.clientId)} = ${clientId}) end`,
});

type ResolvedRow = ContentItemRow & { category: unknown; tags: unknown };

/** json columns arrive parsed from both drivers; a string is parsed defensively. */
const json = <T>(value: unknown): T => (typeof value === "string" ? (JSON.parse(value) as T) : (value as T));

function toItemFields(row: ResolvedRow) {
  const category = json<ContentCategory | null>(row.category);
  const tags = json<ContentTag[]>(row.tags) ?? [];
  return {
    id: row.id,
    type: row.type as ContentType,
    title: row.title,
    description: row.description,
    otherLabel: row.otherLabel,
    mediaUrl: row.mediaUrl,
    mediaType: row.mediaType as ContentMediaType,
    posterUrl: row.posterUrl,
    ingredients: row.ingredients,
    steps: row.steps as ContentStep[],
    totalKcal: row.totalKcal,
    totalProtein: row.totalProtein,
    totalCarbs: row.totalCarbs,
    totalFat: row.totalFat,
    servingGrams: row.servingGrams,
    servingKcal: row.servingKcal,
    servingProtein: row.servingProtein,
    servingCarbs: row.servingCarbs,
    servingFat: row.servingFat,
    categoryId: row.categoryId,
    tagIds: tags.map((t) => t.id),
    isPublished: row.isPublished,
    isFeatured: row.isFeatured,
    isRestricted: row.isRestricted,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    category: category ?? null,
    tags,
  };
}

export const toContentItem = (row: ResolvedRow & { unlockCount: number }): ContentItem => ({
  ...toItemFields(row),
  unlockCount: row.unlockCount,
});

export const toTraineeContentItem = (
  row: ResolvedRow & { unlockedAt: string | null },
): TraineeContentItem => ({
  ...toItemFields(row),
  unlockedAt: row.unlockedAt ?? null,
});

export const toContentCategory = (row: ContentCategoryRow): ContentCategory => ({
  id: row.id,
  studioId: row.studioId,
  name: row.name,
  systemKey: row.systemKey,
  sortOrder: row.sortOrder,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toContentTag = (row: ContentTagRow): ContentTag => ({
  id: row.id,
  studioId: row.studioId,
  name: row.name,
  sortOrder: row.sortOrder,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toHomeBanner = (row: HomeBannerRow | undefined): HomeBanner =>
  row
    ? { contentId: row.contentId, isLive: row.isLive, updatedAt: row.updatedAt.toISOString() }
    : { contentId: null, isLive: false, updatedAt: null };

/** One coach item with category, tags and unlock count (one statement); undefined when not the studio's. */
export async function findCoachItem(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
): Promise<ContentItem | undefined> {
  const { studioId } = scope;
  const [row] = await db
    .select(coachItemSelection)
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.studioId, studioId)))
    .limit(1);
  return row ? toContentItem(row) : undefined;
}
