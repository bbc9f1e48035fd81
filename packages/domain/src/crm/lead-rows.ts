import { and, eq, isNull } from "drizzle-orm";
import type { Lead, LeadActivity, LeadActivityType, LeadNote, LeadStatus } from "@studio/contracts";
import { type leadActivities, type leadNotes, leads, leadStatuses, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** Only the columns the Lead contract shows (the board answers thousands of them). */
export const leadColumns = {
  id: leads.id,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  business: leads.business,
  city: leads.city,
  source: leads.source,
  ownerCoachId: leads.ownerCoachId,
  valueAgorot: leads.valueAgorot,
  statusId: leads.statusId,
  lostReason: leads.lostReason,
  remindAt: leads.remindAt,
  clientId: leads.clientId,
  deletedAt: leads.deletedAt,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
};
export type LeadRow = {
  [K in keyof typeof leadColumns]: (typeof leads.$inferSelect)[K];
};

export const toLead = (r: LeadRow): Lead => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  business: r.business,
  city: r.city,
  source: r.source,
  ownerCoachId: r.ownerCoachId,
  valueAgorot: r.valueAgorot,
  statusId: r.statusId,
  lostReason: r.lostReason,
  remindAt: isoOrNull(r.remindAt),
  clientId: r.clientId,
  deletedAt: isoOrNull(r.deletedAt),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export type LeadStatusRow = typeof leadStatuses.$inferSelect;
export const toLeadStatus = (r: LeadStatusRow): LeadStatus => ({
  id: r.id,
  studioId: r.studioId,
  key: r.key,
  label: r.label,
  color: r.color,
  locked: r.locked,
  order: r.order,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const toLeadNote = (r: typeof leadNotes.$inferSelect): LeadNote => ({
  id: r.id,
  leadId: r.leadId,
  text: r.text,
  coachId: r.coachId,
  coachName: r.coachName,
  createdAt: iso(r.createdAt),
});

export const toLeadActivity = (r: typeof leadActivities.$inferSelect): LeadActivity => ({
  id: r.id,
  leadId: r.leadId,
  type: r.type as LeadActivityType,
  coachId: r.coachId,
  coachName: r.coachName,
  data: r.data ?? null,
  createdAt: iso(r.createdAt),
});

/** A live (not soft-deleted) lead of the studio; another studio's id answers like a missing one. */
export const liveLeadOf = (studioId: string, id: string) =>
  and(eq(leads.id, id), eq(leads.studioId, studioId), isNull(leads.deletedAt));

export async function findLiveLead(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<LeadRow> {
  const { studioId } = scope;
  const query = db.select(leadColumns).from(leads).where(liveLeadOf(studioId, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("lead");
  return row;
}

export async function findLeadStatus(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
): Promise<LeadStatusRow | undefined> {
  const { studioId } = scope;
  const [row] = await db
    .select()
    .from(leadStatuses)
    .where(and(eq(leadStatuses.id, id), eq(leadStatuses.studioId, studioId)))
    .limit(1);
  return row;
}
