import {
  FORWARD_WAITLIST_LEAD_JOB,
  WAITLIST_DEFAULT_SOURCE,
  WAITLIST_LIMITS,
  WaitlistLeadInput,
  type ForwardWaitlistLeadPayload,
  type WaitlistLead,
} from "@studio/contracts";
import { waitlistLeads, type Db } from "@studio/db";
import { AppError } from "../errors";
import type { WaitlistScope } from "./waitlist-scope";
import { toWaitlistLead } from "./waitlist-record";

/**
 * `POST /v1/public/waitlist-leads` (document 3): stores the lead and, when WAITLIST_FORWARD_URL is
 * configured, enqueues its forward in the same transaction, so the forward runs after the
 * response, in the worker, and only for a lead that exists. A blank business name is stored as
 * null and a blank source as "landing". The phone is kept as entered (trimmed): the waitlist
 * takes numbers of any country, with at least 7 digits. At most WAITLIST_RATE_LIMIT (default 20)
 * sign-ups per visitor address per 600 s: RATE_LIMITED beyond, nothing stored.
 */
export async function createWaitlistLead(
  db: Db,
  scope: WaitlistScope,
  input: WaitlistLeadInput,
): Promise<WaitlistLead> {
  const body = WaitlistLeadInput.parse(input);
  // The public lane's own throttle (document 3 "Public lane"): per visitor address, fixed window.
  // An unreachable counter store fails closed (503), like the other limiters.
  const { kv, perAddressLimit } = scope.waitlist;
  const count = await kv.increment(`waitlist:addr:${scope.actor.ip}`, WAITLIST_LIMITS.windowSeconds * 1000);
  if (count > perAddressLimit)
    throw new AppError("RATE_LIMITED", "too many waitlist sign-ups from this address; try again later");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(waitlistLeads)
      .values({
        name: body.name,
        phone: body.phone,
        businessName: body.businessName || null,
        source: body.source || WAITLIST_DEFAULT_SOURCE,
        createdAt: scope.now,
      })
      .returning();
    const lead = toWaitlistLead(row!);
    if (scope.waitlist.forwardConfigured) {
      const payload: ForwardWaitlistLeadPayload = { leadId: lead.id, requestId: scope.requestId };
      await scope.jobs.enqueue(FORWARD_WAITLIST_LEAD_JOB, payload, { tx });
    }
    scope.logger.info("waitlist lead created", {
      leadId: lead.id,
      forward: scope.waitlist.forwardConfigured,
    });
    return lead;
  });
}
