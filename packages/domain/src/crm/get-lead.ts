import type { StudioScope } from "../scope";
import { and, desc, eq } from "drizzle-orm";
import type { LeadDetail } from "@studio/contracts";
import { leadActivities, leadNotes, leads, type Db } from "@studio/db";
import { notFound } from "../errors";
import { leadColumns, liveLeadOf, toLead, toLeadActivity, toLeadNote } from "./lead-rows";

export const LEAD_ACTIVITIES_SHOWN = 100;

/** GET /v1/web/crm/leads/:id: the live lead with every note and its latest 100 activities, newest first. */
export async function getLead(db: Db, scope: StudioScope, input: { id: string }): Promise<LeadDetail> {
  const { id } = input;
  const [[lead], notes, activities] = await Promise.all([
    db.select(leadColumns).from(leads).where(liveLeadOf(scope.studioId, id)).limit(1),
    db
      .select()
      .from(leadNotes)
      .where(and(eq(leadNotes.leadId, id), eq(leadNotes.studioId, scope.studioId)))
      .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id)),
    db
      .select()
      .from(leadActivities)
      .where(and(eq(leadActivities.leadId, id), eq(leadActivities.studioId, scope.studioId)))
      .orderBy(desc(leadActivities.createdAt), desc(leadActivities.id))
      .limit(LEAD_ACTIVITIES_SHOWN),
  ]);
  if (!lead) throw notFound("lead");
  return { ...toLead(lead), notes: notes.map(toLeadNote), activities: activities.map(toLeadActivity) };
}
