import type { StudioScope } from "../scope";
import type { Lead, LeadPatchInput } from "@studio/contracts";
import { leads, type Db } from "@studio/db";
import { notFound } from "../errors";
import { findLiveLead, leadColumns, liveLeadOf, toLead } from "./lead-rows";
import { assertOwnerCoach } from "./owner-coach";

type LeadFieldChanges = Partial<
  Pick<
    typeof leads.$inferInsert,
    "name" | "phone" | "email" | "business" | "city" | "source" | "ownerCoachId" | "valueAgorot"
  >
>;

/**
 * PATCH /v1/web/crm/leads/:id: field-by-field autosave. Only fields sent change; null clears
 * a nullable field. Status, lost reason and reminder are refused by the contract. No activity.
 * An ownerCoachId that is no coach of the studio is CONFLICT (assertOwnerCoach), after the lead
 * is found: a missing lead stays NOT_FOUND, as the foreign key never ran on an update of no row.
 */
export async function updateLead(db: Db, scope: StudioScope, input: LeadPatchInput): Promise<Lead> {
  const changes: LeadFieldChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.email !== undefined) changes.email = input.email;
  if (input.business !== undefined) changes.business = input.business;
  if (input.city !== undefined) changes.city = input.city;
  if (input.source !== undefined) changes.source = input.source;
  if (input.ownerCoachId !== undefined) changes.ownerCoachId = input.ownerCoachId;
  if (input.valueAgorot !== undefined) changes.valueAgorot = input.valueAgorot;
  if (Object.keys(changes).length === 0) return toLead(await findLiveLead(db, scope, input.id));
  if (changes.ownerCoachId) {
    await findLiveLead(db, scope, input.id);
    await assertOwnerCoach(db, scope, changes.ownerCoachId);
  }

  const [row] = await db
    .update(leads)
    .set(changes)
    .where(liveLeadOf(scope.studioId, input.id))
    .returning(leadColumns);
  if (!row) throw notFound("lead");
  return toLead(row);
}
