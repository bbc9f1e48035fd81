import { and, eq, not } from "drizzle-orm";
import { type ContentTaxonomyRenameInput, type ContentTag } from "@studio/contracts";
import { contentTags, isUniqueViolation, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { toContentTag } from "./content-record";
import { nameTakenByAnother } from "./taxonomy-records";

/**
 * PATCH /v1/web/content/tags/:id: renames. A name another tag of the studio holds
 * (without regard to case) skips the rename and answers the tag unchanged, also when the
 * clash comes from a concurrent write (the unique index refuses it). NOT_FOUND "tag not found".
 */
export async function updateContentTag(
  db: Db,
  scope: StudioScope,
  input: ContentTaxonomyRenameInput,
): Promise<ContentTag> {
  const { studioId } = scope;
  const target = and(eq(contentTags.id, input.id), eq(contentTags.studioId, studioId));
  try {
    const [renamed] = await db
      .update(contentTags)
      .set({ name: input.name, updatedAt: scope.now })
      .where(and(target, not(nameTakenByAnother(contentTags, studioId, input.id, input.name))))
      .returning();
    if (renamed) return toContentTag(renamed);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const [unchanged] = await db.select().from(contentTags).where(target).limit(1);
  if (!unchanged) throw notFound("tag");
  return toContentTag(unchanged);
}
