import { and, asc, eq, sql } from "drizzle-orm";
import type { ContentTaxonomy } from "@studio/contracts";
import { contentCategories, contentTags, type DbOrTx } from "@studio/db";
import { toContentCategory, toContentTag } from "./content-record";
import type { StudioScope } from "../scope";

/** Every category and tag of the studio, each ordered by sortOrder then creation (empty ones included). */
export async function loadContentTaxonomy(db: DbOrTx, scope: StudioScope): Promise<ContentTaxonomy> {
  const { studioId } = scope;
  const [categories, tags] = await Promise.all([
    db
      .select()
      .from(contentCategories)
      .where(eq(contentCategories.studioId, studioId))
      .orderBy(asc(contentCategories.sortOrder), asc(contentCategories.createdAt), asc(contentCategories.id)),
    db
      .select()
      .from(contentTags)
      .where(eq(contentTags.studioId, studioId))
      .orderBy(asc(contentTags.sortOrder), asc(contentTags.createdAt), asc(contentTags.id)),
  ]);
  return { categories: categories.map(toContentCategory), tags: tags.map(toContentTag) };
}

/** The two taxonomy tables share their name rules; these helpers take either. */
export type TaxonomyTable = typeof contentCategories | typeof contentTags;

/** Same name without regard to case (the unique index is on lower(name) per studio). */
export const sameName = (table: TaxonomyTable, studioId: string, name: string) =>
  and(eq(table.studioId, studioId), sql`lower(${table.name}) = lower(${name})`)!;

/** Another row of the studio already holds this name (case-insensitive). */
export const nameTakenByAnother = (table: TaxonomyTable, studioId: string, id: string, name: string) =>
  sql`exists (select 1 from ${table} as other_row where other_row.studio_id = ${studioId}
    and other_row.id <> ${id} and lower(other_row.name) = lower(${name}))`;
