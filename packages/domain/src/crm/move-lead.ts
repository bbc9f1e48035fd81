import type { CoachScope } from "../scope";
import type { Lead, LeadStatusChangeInput } from "@studio/contracts";
import { leads, type Db } from "@studio/db";
import { notFound, validation } from "../errors";
import { crmActorOf } from "./caller";
import { findLeadStatus, findLiveLead, leadColumns, liveLeadOf, toLead } from "./lead-rows";
import { recordLeadActivity } from "./record-activity";

/**
 * PUT /v1/web/crm/leads/:id/status: moving to LOST stores lostReason (or null), moving
 * elsewhere clears it; a non-empty lostReason with another target is VALIDATION. A
 * status_changed activity is written only when the status or the reason changed. Moving to
 * WON here creates no trainee.
 */
export async function moveLead(db: Db, scope: CoachScope, input: LeadStatusChangeInput): Promise<Lead> {
  const [lead, target, actor] = await Promise.all([
    findLiveLead(db, scope, input.id),
    findLeadStatus(db, scope, input.statusId),
    crmActorOf(scope),
  ]);
  if (!target) throw notFound("status");
  const reason = input.lostReason ?? null;
  if (reason !== null && target.key !== "LOST") {
    throw validation("lostReason is allowed only when the target status is LOST", {
      issues: [
        { path: "lostReason", message: "allowed only when the target status is LOST", code: "custom" },
      ],
    });
  }
  const lostReason = target.key === "LOST" ? reason : null;
  if (lead.statusId === target.id && lead.lostReason === lostReason) return toLead(lead);

  const [row] = await db
    .update(leads)
    .set({ statusId: target.id, lostReason })
    .where(liveLeadOf(scope.studioId, lead.id))
    .returning(leadColumns);
  if (!row) throw notFound("lead");
  await recordLeadActivity(db, scope, {
    leadId: lead.id,
    type: "status_changed",
    actor,
    data: { fromStatusId: lead.statusId, toStatusId: target.id, lostReason },
  });
  return toLead(row);
}
