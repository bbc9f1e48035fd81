import { ContentUnlockGrantInput, type ContentUnlockGrant } from "@studio/contracts";
import { clients, contentUnlocks, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { parseDomainInput } from "../validation";
import { assertContentItem } from "./content-unlock-rows";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * The internal write operation of document 2 "Content unlock" (automation flows, imports):
 * inserts an automation unlock row; a unique (item, trainee) collision is success with
 * `{unlocked: false, already: true}`. Never deleted by the coach's unlock routes.
 */
export async function grantContentUnlock(
  db: DbOrTx,
  scope: StudioScope,
  input: { contentId: string; clientId: string },
): Promise<ContentUnlockGrant> {
  const { contentId, clientId } = parseDomainInput(ContentUnlockGrantInput, input);
  const { studioId } = scope;
  // The item's row FOR SHARE until the insert commits: an unlock PUT of the item (FOR UPDATE, then
  // a plain insert of the pairs it does not see) waits for this row instead of failing on it.
  return db.transaction(async (tx) => {
    await assertContentItem(tx, scope, contentId, { lock: "share" });
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(liveTraineeOf(scope, clientId))
      .limit(1);
    if (!client) throw notFound("client");
    const inserted = await tx
      .insert(contentUnlocks)
      .values({ studioId, contentId, clientId, source: "automation", createdAt: scope.now })
      .onConflictDoNothing({ target: [contentUnlocks.contentId, contentUnlocks.clientId] })
      .returning({ clientId: contentUnlocks.clientId });
    return inserted.length ? { unlocked: true, already: false } : { unlocked: false, already: true };
  });
}
