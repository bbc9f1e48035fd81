import type { StudioScope } from "../scope";
import { and, eq } from "drizzle-orm";
import type { LeadStatus, LeadStatusPatchInput } from "@studio/contracts";
import { leadStatuses, type Db } from "@studio/db";
import { notFound } from "../errors";
import { findLeadStatus, toLeadStatus } from "./lead-rows";

/** PATCH /v1/web/crm/statuses/:id: label and color; locked statuses can be changed too. */
export async function updateLeadStatus(
  db: Db,
  scope: StudioScope,
  input: LeadStatusPatchInput,
): Promise<LeadStatus> {
  const changes: { label?: string; color?: string } = {};
  if (input.label !== undefined) changes.label = input.label;
  if (input.color !== undefined) changes.color = input.color;
  if (Object.keys(changes).length === 0) {
    const row = await findLeadStatus(db, scope, input.id);
    if (!row) throw notFound("status");
    return toLeadStatus(row);
  }
  const [row] = await db
    .update(leadStatuses)
    .set(changes)
    .where(and(eq(leadStatuses.id, input.id), eq(leadStatuses.studioId, scope.studioId)))
    .returning();
  if (!row) throw notFound("status");
  return toLeadStatus(row);
}
