import type { WaitlistLead } from "@studio/contracts";
import type { waitlistLeads } from "@studio/db";

type WaitlistLeadRow = typeof waitlistLeads.$inferSelect;

/** The lead as answered and as forwarded: id, name, businessName, phone, source, createdAt. */
export const toWaitlistLead = (row: WaitlistLeadRow): WaitlistLead => ({
  id: row.id,
  name: row.name,
  businessName: row.businessName,
  phone: row.phone,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});
