import { and, desc, eq } from "drizzle-orm";
import type { ContentUnlock } from "@studio/contracts";
import { contentItems, contentUnlocks, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import { contentItemOf } from "./content-conditions";
import { liveUnlockOwner, toContentUnlock } from "./content-record";
import type { StudioScope } from "../scope";

/** The item's unlock rows of live trainees, manual and automation, newest first. */
export async function unlockRowsOf(
  db: DbOrTx,
  scope: StudioScope,
  contentId: string,
): Promise<ContentUnlock[]> {
  const { studioId } = scope;
  const rows = await db
    .select()
    .from(contentUnlocks)
    .where(
      and(eq(contentUnlocks.contentId, contentId), eq(contentUnlocks.studioId, studioId), liveUnlockOwner),
    )
    .orderBy(desc(contentUnlocks.createdAt), desc(contentUnlocks.clientId));
  return rows.map(toContentUnlock);
}

/** NOT_FOUND "content item not found" unless the item is the studio's; `forUpdate` locks its row. */
export async function assertContentItem(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<void> {
  const { studioId } = scope;
  const query = db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(contentItemOf(studioId, id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("content item");
}
