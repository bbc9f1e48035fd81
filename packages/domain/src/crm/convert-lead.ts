import { STUDIO_WIDE_ACCESS } from "../clients/client-scope";
import type { CoachScope } from "../scope";
import { and, eq } from "drizzle-orm";
import type { LeadConversion } from "@studio/contracts";
import { clients, leads, type Db } from "@studio/db";
import { toClientRecords } from "../clients/client-record";
import { createTrainee } from "../clients/create-trainee";
import { AppError } from "../errors";
import { crmActorOf } from "./caller";
import { findLiveLead, liveLeadOf } from "./lead-rows";
import { ensureLeadStatuses } from "./lead-statuses";
import { recordLeadActivity } from "./record-activity";

/** Step 2 of convert: the lead name split on whitespace; the first word is firstName, the rest lastName. */
export function splitLeadName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/**
 * POST /v1/web/crm/leads/:id/convert, the five steps of document 1:
 * (1) a lead with clientId answers that client with created false and changes nothing;
 * (2) the name is split; (3) the shared trainee-creation operation runs with the lead's phone,
 * its email when present, no tags and the invite flag (phone normalization, the plan's client
 * limit and phone uniqueness apply; its errors pass through unchanged); (4) the lead gets
 * clientId, moves to WON and loses lostReason; (5) a converted activity is written.
 *
 * Retry-safe per lead: steps 1-4 run in one transaction holding the lead's row lock, so a
 * concurrent convert of the same lead waits, then finds the clientId and answers like the
 * second sequential call (created false); a crash between creating the trainee and linking
 * it rolls both back (the invite job too), so a retry converts afresh.
 */
export async function convertLead(
  db: Db,
  scope: CoachScope,
  input: { id: string; sendInvite: boolean },
): Promise<LeadConversion> {
  // Statuses are seeded by convert too (document 1 "LeadStatus"), even when the lead is missing.
  const statuses = await ensureLeadStatuses(db, scope);
  const won = statuses.find((s) => s.key === "WON");
  if (!won) throw new AppError("INTERNAL", "the WON status is missing");

  const outcome = await db.transaction(async (tx) => {
    const lead = await findLiveLead(tx, scope, input.id, { forUpdate: true });
    if (lead.clientId) {
      // The linked trainee as stored, even if it was deleted since: the lead still points at it.
      const rows = await tx
        .select()
        .from(clients)
        .where(and(eq(clients.id, lead.clientId), eq(clients.studioId, scope.studioId)))
        .limit(1);
      const [client] = await toClientRecords(tx, rows);
      if (!client) throw new AppError("INTERNAL", "the lead's client is missing");
      return { lead, client, created: false };
    }
    const { firstName, lastName } = splitLeadName(lead.name);
    const client = await createTrainee(
      tx,
      // The trainee is the lead's, not the converting coach's: no automatic self-assignment.
      { ...scope, actor: { ...scope.actor, access: STUDIO_WIDE_ACCESS } },
      {
        firstName,
        lastName,
        phone: lead.phone,
        ...(lead.email ? { email: lead.email } : {}),
        tags: [],
        sendInvite: input.sendInvite,
      },
    );
    await tx
      .update(leads)
      .set({ clientId: client.id, statusId: won.id, lostReason: null })
      .where(liveLeadOf(scope.studioId, lead.id));
    return { lead, client, created: true };
  });

  if (outcome.created) {
    await recordLeadActivity(db, scope, {
      leadId: outcome.lead.id,
      type: "converted",
      actor: crmActorOf(scope),
      data: { clientId: outcome.client.id, fromStatusId: outcome.lead.statusId, toStatusId: won.id },
    });
  }
  return { client: outcome.client, created: outcome.created };
}
