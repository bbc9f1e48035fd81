import type { CoachScope } from "../scope";
import type { Lead, LeadReminderInput } from "@studio/contracts";
import { leads, type Db } from "@studio/db";
import { notFound } from "../errors";
import { crmActorOf } from "./caller";
import { leadColumns, liveLeadOf, toLead } from "./lead-rows";
import { parseLocalDateOrInstant } from "./local-time";
import { recordLeadActivity } from "./record-activity";

/**
 * PUT /v1/web/crm/leads/:id/reminder: sets or clears remindAt (a date alone is its first
 * local moment) and writes reminder_set or reminder_cleared. Sends and queues nothing.
 */
export async function setLeadReminder(db: Db, scope: CoachScope, input: LeadReminderInput): Promise<Lead> {
  const remindAt = input.remindAt === null ? null : parseLocalDateOrInstant(input.remindAt).instant;
  const [[row], actor] = await Promise.all([
    db.update(leads).set({ remindAt }).where(liveLeadOf(scope.studioId, input.id)).returning(leadColumns),
    crmActorOf(scope),
  ]);
  if (!row) throw notFound("lead");
  await recordLeadActivity(db, scope, {
    leadId: row.id,
    type: remindAt ? "reminder_set" : "reminder_cleared",
    actor,
    data: remindAt ? { remindAt: remindAt.toISOString() } : null,
  });
  return toLead(row);
}
