import { contentItems, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { contentItemOf } from "./content-conditions";

/**
 * DELETE /v1/web/content/:id (204). The foreign keys do the rest: tags and unlock rows cascade,
 * a home banner keeps existing with contentId null. The stored media object is not deleted.
 */
export async function deleteContent(db: Db, scope: StudioScope, input: { id: string }): Promise<void> {
  const deleted = await db
    .delete(contentItems)
    .where(contentItemOf(scope.studioId, input.id))
    .returning({ id: contentItems.id });
  if (deleted.length === 0) throw notFound("content item");
}
