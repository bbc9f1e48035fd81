import type { CoachScope } from "../scope";
import type { Lead } from "@studio/contracts";
import { leads, type Db } from "@studio/db";
import { crmActorOf } from "./caller";
import { findLiveLead, leadColumns, toLead } from "./lead-rows";
import { recordLeadActivity } from "./record-activity";

export const LEAD_COPY_SUFFIX = " (העתק)";
const LEAD_NAME_MAX = 200;

/** The copy's name: the original plus the Hebrew copy suffix, the original cut so the name stays within 200. */
export const copyName = (name: string) =>
  name.slice(0, LEAD_NAME_MAX - LEAD_COPY_SUFFIX.length) + LEAD_COPY_SUFFIX;

/**
 * POST /v1/web/crm/leads/:id/duplicate: copies status, contact fields, source, owner and
 * value; not the reminder, notes, activities, lost reason or client link.
 */
export async function duplicateLead(db: Db, scope: CoachScope, input: { id: string }): Promise<Lead> {
  const { id } = input;
  const [original, actor] = await Promise.all([findLiveLead(db, scope, id), crmActorOf(scope)]);
  const [row] = await db
    .insert(leads)
    .values({
      studioId: scope.studioId,
      name: copyName(original.name),
      phone: original.phone,
      email: original.email,
      business: original.business,
      city: original.city,
      source: original.source,
      ownerCoachId: original.ownerCoachId,
      valueAgorot: original.valueAgorot,
      statusId: original.statusId,
    })
    .returning(leadColumns);
  await recordLeadActivity(db, scope, {
    leadId: row!.id,
    type: "duplicated",
    actor,
    data: { sourceLeadId: original.id },
  });
  return toLead(row!);
}
