import { and, asc, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { ContentList, ContentListQuery } from "@studio/contracts";
import { contentItems, type Db } from "@studio/db";
import { selectPage } from "../paging";
import type { StudioScope } from "../scope";
import { containsPattern } from "../team/search-pattern";
import { coachItemSelection, toContentItem } from "./content-record";

/** Filters both lanes' lists share: type, and a case-insensitive contains on title. */
export const contentListFilters = (query: Pick<ContentListQuery, "type" | "search">): SQL[] => {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(contentItems.type, query.type));
  if (query.search) conditions.push(ilike(contentItems.title, containsPattern(query.search)));
  return conditions;
};

/** Both lanes' list order: sortOrder ascending, then newest first (index content_items_studio_order_idx). */
export const contentListOrder = [
  asc(contentItems.sortOrder),
  desc(contentItems.createdAt),
  desc(contentItems.id),
];

/**
 * GET /v1/web/content: the studio's items, published or not, with category, tags and unlock
 * count resolved in the page's one statement (plus the total).
 */
export async function listContent(db: Db, scope: StudioScope, query: ContentListQuery): Promise<ContentList> {
  const where = and(eq(contentItems.studioId, scope.studioId), ...contentListFilters(query));
  const { rows, total } = await selectPage(db, query, {
    table: contentItems,
    where,
    rows: ({ limit, offset }) =>
      db
        .select(coachItemSelection)
        .from(contentItems)
        .where(where)
        .orderBy(...contentListOrder)
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toContentItem), total };
}
