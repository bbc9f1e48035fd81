import { sql } from "drizzle-orm";
import type { ContentUnlock } from "@studio/contracts";
import { contentItems, contentUnlocks, type DbOrTx, resultRows } from "@studio/db";
import { notFound } from "../errors";
import { contentItemOf } from "./content-conditions";
import { col, isoText, liveUnlockOwner } from "./content-record";
import type { StudioScope } from "../scope";

/**
 * The item's unlock rows of live trainees, manual and automation, newest first. Read as the
 * answer's text (createdAt rendered by PostgreSQL, to the millisecond like toISOString): 5,000
 * rows through Drizzle's row mapping and a Date each cost more of the API's CPU than the read.
 */
export async function unlockRowsOf(
  db: DbOrTx,
  scope: StudioScope,
  contentId: string,
): Promise<ContentUnlock[]> {
  const { studioId } = scope;
  return resultRows<ContentUnlock>(
    await db.execute(sql`select ${col(contentUnlocks.contentId)} as "contentId",
        ${col(contentUnlocks.clientId)} as "clientId", ${col(contentUnlocks.source)} as "source",
        ${isoText(contentUnlocks.createdAt)} as "createdAt"
      from ${contentUnlocks}
      where ${col(contentUnlocks.contentId)} = ${contentId} and ${col(contentUnlocks.studioId)} = ${studioId}
        and ${liveUnlockOwner}
      order by ${col(contentUnlocks.createdAt)} desc, ${col(contentUnlocks.clientId)} desc`),
  );
}

/**
 * NOT_FOUND "content item not found" unless the item is the studio's; `lock` locks its row (an
 * unlock PUT "update", a grant "share": the two never write one item's rows at the same time).
 */
export async function assertContentItem(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { lock?: "update" | "share" } = {},
): Promise<void> {
  const { studioId } = scope;
  const query = db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(contentItemOf(studioId, id))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw notFound("content item");
}
