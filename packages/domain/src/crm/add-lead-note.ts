import type { CoachScope } from "../scope";
import type { LeadNote, LeadNoteCreateInput } from "@studio/contracts";
import { leadNotes, type Db } from "@studio/db";
import { crmActorOf } from "./caller";
import { findLiveLead, toLeadNote } from "./lead-rows";
import { recordLeadActivity } from "./record-activity";

/** POST /v1/web/crm/leads/:id/notes: an immutable note by the actor, and a note_added activity. */
export async function addLeadNote(db: Db, scope: CoachScope, input: LeadNoteCreateInput): Promise<LeadNote> {
  const [lead, actor] = await Promise.all([findLiveLead(db, scope, input.id), crmActorOf(scope)]);
  const [row] = await db
    .insert(leadNotes)
    .values({
      studioId: scope.studioId,
      leadId: lead.id,
      text: input.text,
      coachId: actor.coachId,
      coachName: actor.coachName,
    })
    .returning();
  await recordLeadActivity(db, scope, {
    leadId: lead.id,
    type: "note_added",
    actor,
    data: { noteId: row!.id },
  });
  return toLeadNote(row!);
}
