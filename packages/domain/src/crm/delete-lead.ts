import type { StudioScope } from "../scope";
import { leads, type Db } from "@studio/db";
import { notFound } from "../errors";
import { liveLeadOf } from "./lead-rows";

/** DELETE /v1/web/crm/leads/:id: soft delete; notes and activities stay stored. */
export async function deleteLead(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  const { id } = input;
  const [row] = await db
    .update(leads)
    .set({ deletedAt: scope.now })
    .where(liveLeadOf(scope.studioId, id))
    .returning({ id: leads.id });
  if (!row) throw notFound("lead");
  return { id: row.id, deleted: true };
}
