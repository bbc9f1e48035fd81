import { and, eq } from "drizzle-orm";
import { contentCategories, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

/**
 * DELETE /v1/web/content/categories/:id (204). Items in it become uncategorized (the foreign
 * key sets null). A default category may be deleted too; new items of its type then get none.
 */
export async function deleteContentCategory(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<void> {
  const deleted = await db
    .delete(contentCategories)
    .where(and(eq(contentCategories.id, input.id), eq(contentCategories.studioId, scope.studioId)))
    .returning({ id: contentCategories.id });
  if (deleted.length === 0) throw notFound("category");
}
