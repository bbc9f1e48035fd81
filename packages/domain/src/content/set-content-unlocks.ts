import { and, eq, sql } from "drizzle-orm";
import type { ContentUnlockList, ContentUnlocksPutInput } from "@studio/contracts";
import { clients, contentUnlocks, type Db, resultRows } from "@studio/db";
import { accessOf, type StudioScope } from "../scope";
import { fieldError, distinct } from "./content-references";
import { assertContentItem, unlockRowsOf } from "./content-unlock-rows";
import { clientScope } from "../clients/client-scope";
import { liveTraineeOf } from "../clients/live-trainee";

/** How many unknown ids a "client not found" error names in its details. */
const MISSING_SHOWN = 20;

/**
 * PUT /v1/web/content/:id/unlocks: the manual unlock rows become exactly the listed trainees
 * (duplicates removed). One transaction, under the item's row lock so concurrent PUTs of one
 * item apply one after the other: every id must be a live trainee of the studio the caller
 * reaches (VALIDATION "client not found" otherwise: a coach limited to assigned trainees gets the
 * same answer for a trainee outside their assignments as for a missing one, document 1
 * "Permissions blob"), then manual rows of unlisted trainees are deleted — for such a coach only
 * rows of trainees they reach, so their replace-set never removes another coach's grants — and
 * manual rows inserted for the listed ones. Automation rows are never deleted and get no second row
 * (only pairs not stored yet are inserted). isRestricted is not touched; nothing is sent.
 * The ids travel as one jsonb parameter, so 5000 of them cost four statements.
 */
export async function setContentUnlocks(
  db: Db,
  scope: StudioScope,
  input: ContentUnlocksPutInput,
): Promise<ContentUnlockList> {
  const { studioId } = scope;
  const ids = distinct(input.clientIds);
  const idsJson = JSON.stringify(ids);
  const listed = sql`(select jsonb_array_elements_text(${idsJson}::jsonb))`;
  const reached = clientScope(accessOf(scope));
  return db.transaction(async (tx) => {
    await assertContentItem(tx, scope, input.id, { lock: "update" });
    if (ids.length) {
      const missing = resultRows<{ id: string }>(
        await tx.execute(sql`select w.id from jsonb_array_elements_text(${idsJson}::jsonb) as w(id)
          where not exists (select 1 from ${clients}
            where ${liveTraineeOf(scope, sql`w.id`, { reach: true })})
          limit ${MISSING_SHOWN}`),
      );
      if (missing.length) {
        const error = fieldError("clientIds", "client not found");
        Object.assign(error.details!, { clientIds: missing.map((m) => m.id) });
        throw error;
      }
    }
    await tx
      .delete(contentUnlocks)
      .where(
        and(
          eq(contentUnlocks.contentId, input.id),
          eq(contentUnlocks.source, "manual"),
          ids.length ? sql`${contentUnlocks.clientId} not in ${listed}` : undefined,
          reached
            ? sql`exists (select 1 from ${clients} where ${clients.id} = ${contentUnlocks.clientId} and ${reached})`
            : undefined,
        ),
      );
    // A plain insert of the pairs not stored yet: no other transaction writes this item's rows
    // now (PUTs hold the item's row lock FOR UPDATE, grantContentUnlock FOR SHARE), so no unique
    // conflict can arise, and ON CONFLICT's speculative insertion cost a third of the insert.
    if (ids.length)
      await tx.execute(sql`insert into ${contentUnlocks} (studio_id, content_id, client_id, source, created_at)
        select ${studioId}, ${input.id}, w.id, 'manual', ${scope.now.toISOString()}::timestamptz
        from jsonb_array_elements_text(${idsJson}::jsonb) as w(id)
        where not exists (select 1 from ${contentUnlocks} as u where u.content_id = ${input.id} and u.client_id = w.id)`);
    return { items: await unlockRowsOf(tx, scope, input.id) };
  });
}
