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
 * Steps 3 and 4 are not one transaction (the spec's gap): if step 4 fails the trainee stays
 * and the lead keeps no clientId. A retry is safe: the trainee's phone is taken, so the
 * clients service answers CONFLICT instead of creating a second trainee.
 */
export async function convertLead(
  db: Db,
  scope: CoachScope,
  input: { id: string; sendInvite: boolean },
): Promise<LeadConversion> {
  // Statuses are seeded by convert too (document 1 "LeadStatus"), even when the lead is missing.
  const [found, statuses, actor] = await Promise.all([
    findLiveLead(db, scope.studioId, input.id).catch((error: unknown) => ({ error })),
    ensureLeadStatuses(db, scope.studioId),
    crmActorOf(scope),
  ]);
  if ("error" in found) throw found.error;
  const lead = found;

  if (lead.clientId) {
    // The linked trainee as stored, even if it was deleted since: the lead still points at it.
    const rows = await db
      .select()
      .from(clients)
      .where(and(eq(clients.id, lead.clientId), eq(clients.studioId, scope.studioId)))
      .limit(1);
    const [client] = await toClientRecords(db, rows);
    if (!client) throw new AppError("INTERNAL", "the lead's client is missing");
    return { client, created: false };
  }

  const won = statuses.find((s) => s.key === "WON");
  if (!won) throw new AppError("INTERNAL", "the WON status is missing");

  const { firstName, lastName } = splitLeadName(lead.name);
  const client = await createTrainee(
    db,
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

  await db
    .update(leads)
    .set({ clientId: client.id, statusId: won.id, lostReason: null })
    .where(liveLeadOf(scope.studioId, lead.id));
  await recordLeadActivity(db, scope, {
    leadId: lead.id,
    type: "converted",
    actor,
    data: { clientId: client.id, fromStatusId: lead.statusId, toStatusId: won.id },
  });
  return { client, created: true };
}
