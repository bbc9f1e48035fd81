import type { CoachScope } from "../scope";
import type { Lead, LeadCreateInput } from "@studio/contracts";
import { leads, type Db } from "@studio/db";
import { AppError } from "../errors";
import { crmActorOf } from "./caller";
import { leadColumns, toLead } from "./lead-rows";
import { ensureLeadStatuses } from "./lead-statuses";
import { assertOwnerCoach } from "./owner-coach";
import { recordLeadActivity } from "./record-activity";

/**
 * POST /v1/web/crm/leads: seeds statuses if needed, defaults to the NEW status, answers
 * BAD_REQUEST for a status that is not the studio's. An ownerCoachId that is no coach of the
 * studio (missing, or another studio's) is CONFLICT like the foreign key's answer (assertOwnerCoach).
 */
export async function createLead(db: Db, scope: CoachScope, input: LeadCreateInput): Promise<Lead> {
  const [statuses, actor] = await Promise.all([ensureLeadStatuses(db, scope), crmActorOf(scope)]);
  const status = input.statusId
    ? statuses.find((s) => s.id === input.statusId)
    : statuses.find((s) => s.key === "NEW");
  if (!status) throw new AppError("BAD_REQUEST", "unknown status", { statusId: input.statusId ?? null });
  await assertOwnerCoach(db, scope, input.ownerCoachId);

  const [row] = await db
    .insert(leads)
    .values({
      studioId: scope.studioId,
      name: input.name,
      phone: input.phone,
      email: input.email ?? null,
      business: input.business ?? null,
      city: input.city ?? null,
      source: input.source ?? null,
      ownerCoachId: input.ownerCoachId ?? null,
      valueAgorot: input.valueAgorot ?? null,
      statusId: status.id,
    })
    .returning(leadColumns);
  await recordLeadActivity(db, scope, {
    leadId: row!.id,
    type: "created",
    actor,
    data: { statusId: status.id },
  });
  return toLead(row!);
}
