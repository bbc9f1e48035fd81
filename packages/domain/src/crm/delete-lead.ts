import { leads, type Db } from "@studio/db";
import { notFound } from "../errors";
import { liveLeadOf } from "./lead-rows";

/** DELETE /v1/web/crm/leads/:id: soft delete; notes and activities stay stored. */
export async function deleteLead(
  db: Db,
  caller: { studioId: string; now: Date },
  id: string,
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .update(leads)
    .set({ deletedAt: caller.now })
    .where(liveLeadOf(caller.studioId, id))
    .returning({ id: leads.id });
  if (!row) throw notFound("lead");
  return { id: row.id, deleted: true };
}
