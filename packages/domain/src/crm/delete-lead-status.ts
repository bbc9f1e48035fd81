import type { StudioScope } from "../scope";
import { and, eq, isNull, sql } from "drizzle-orm";
import { leads, leadStatuses, type Db } from "@studio/db";
import { AppError, forbidden, notFound } from "../errors";

/**
 * DELETE /v1/web/crm/statuses/:id: a custom status holding no live lead. Locked answers
 * FORBIDDEN, live leads CONFLICT "status is in use". Soft-deleted leads do not count here but
 * still reference the row, so the foreign key rejects the delete (CONFLICT "related resource
 * constraint failed", mapped centrally).
 */
export async function deleteLeadStatus(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  const { id } = input;
  const [status] = await db
    .select({
      id: leadStatuses.id,
      locked: leadStatuses.locked,
      inUse: sql<boolean>`exists (select 1 from ${leads} where ${and(eq(leads.statusId, leadStatuses.id), isNull(leads.deletedAt))})`,
    })
    .from(leadStatuses)
    .where(and(eq(leadStatuses.id, id), eq(leadStatuses.studioId, scope.studioId)))
    .limit(1);
  if (!status) throw notFound("status");
  if (status.locked) throw forbidden("status is locked");
  if (status.inUse) throw new AppError("CONFLICT", "status is in use");
  await db
    .delete(leadStatuses)
    .where(and(eq(leadStatuses.id, id), eq(leadStatuses.studioId, scope.studioId)));
  return { id, deleted: true };
}
