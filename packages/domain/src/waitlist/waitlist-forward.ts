import type { WaitlistLead } from "@studio/contracts";
import { waitlistLeads, type Db } from "@studio/db";
import { eq } from "drizzle-orm";
import { toWaitlistLead } from "./waitlist-record";

/** What the forward job posts: the lead, or null when the row is gone. */
export async function loadWaitlistLeadForForward(db: Db, leadId: string): Promise<WaitlistLead | null> {
  const [row] = await db.select().from(waitlistLeads).where(eq(waitlistLeads.id, leadId));
  return row ? toWaitlistLead(row) : null;
}

/** The receiver took the lead (2xx): forwarded_at is set. */
export async function markWaitlistLeadForwarded(db: Db, leadId: string, at: Date): Promise<void> {
  await db.update(waitlistLeads).set({ forwardedAt: at }).where(eq(waitlistLeads.id, leadId));
}
