import type { ContentUnlockList } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { assertContentItem, unlockRowsOf } from "./content-unlock-rows";

/** GET /v1/web/content/:id/unlocks: manual and automation unlocks, newest first. */
export async function listContentUnlocks(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<ContentUnlockList> {
  const [, items] = await Promise.all([
    assertContentItem(db, scope, input.id),
    unlockRowsOf(db, scope, input.id),
  ]);
  return { items };
}
