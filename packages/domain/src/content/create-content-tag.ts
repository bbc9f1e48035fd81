import { type ContentTaxonomyNameInput, type ContentTag } from "@studio/contracts";
import { contentTags, type Db } from "@studio/db";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";
import { toContentTag } from "./content-record";
import { sameName } from "./taxonomy-records";

/**
 * POST /v1/web/content/tags (201). A name the studio already has, without regard to
 * case, answers the existing row (still 201). The insert and the lookup race safely on the
 * unique lower(name) index: a concurrent create of the same name ends with one row.
 */
export async function createContentTag(
  db: Db,
  scope: StudioScope,
  input: ContentTaxonomyNameInput,
): Promise<ContentTag> {
  const { studioId } = scope;
  // Retried only if the clashing row is deleted between the insert and the lookup.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [created] = await db
      .insert(contentTags)
      .values({ studioId, name: input.name, sortOrder: 0, createdAt: scope.now, updatedAt: scope.now })
      .onConflictDoNothing()
      .returning();
    if (created) return toContentTag(created);
    const [existing] = await db
      .select()
      .from(contentTags)
      .where(sameName(contentTags, studioId, input.name))
      .limit(1);
    if (existing) return toContentTag(existing);
  }
  throw new AppError("CONFLICT", "unique constraint failed");
}
