import { and, eq } from "drizzle-orm";
import { contentTags, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

/** DELETE /v1/web/content/tags/:id (204): the tag leaves every item that had it. NOT_FOUND "tag not found". */
export async function deleteContentTag(db: Db, scope: StudioScope, input: { id: string }): Promise<void> {
  const deleted = await db
    .delete(contentTags)
    .where(and(eq(contentTags.id, input.id), eq(contentTags.studioId, scope.studioId)))
    .returning({ id: contentTags.id });
  if (deleted.length === 0) throw notFound("tag");
}
