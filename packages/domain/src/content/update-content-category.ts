import { and, eq, not } from "drizzle-orm";
import { type ContentTaxonomyRenameInput, type ContentCategory } from "@studio/contracts";
import { contentCategories, isUniqueViolation, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { toContentCategory } from "./content-record";
import { nameTakenByAnother } from "./taxonomy-records";

/**
 * PATCH /v1/web/content/categories/:id: renames. A name another category of the studio holds
 * (without regard to case) skips the rename and answers the category unchanged, also when the
 * clash comes from a concurrent write (the unique index refuses it). NOT_FOUND "category not found".
 */
export async function updateContentCategory(
  db: Db,
  scope: StudioScope,
  input: ContentTaxonomyRenameInput,
): Promise<ContentCategory> {
  const { studioId } = scope;
  const target = and(eq(contentCategories.id, input.id), eq(contentCategories.studioId, studioId));
  try {
    const [renamed] = await db
      .update(contentCategories)
      .set({ name: input.name, updatedAt: scope.now })
      .where(and(target, not(nameTakenByAnother(contentCategories, studioId, input.id, input.name))))
      .returning();
    if (renamed) return toContentCategory(renamed);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const [unchanged] = await db.select().from(contentCategories).where(target).limit(1);
  if (!unchanged) throw notFound("category");
  return toContentCategory(unchanged);
}
