import { WaitlistLeadInput, WaitlistLeadSchema } from "@studio/contracts";
import { createWaitlistLead } from "@studio/domain";
import { waitlistProcedure } from "../../trpc";

/** Document 3 "POST /v1/public/waitlist-leads": no credential; the lead answered bare (no envelope). */
export const createWaitlistLeadRoute = waitlistProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/public/waitlist-leads",
      tags: ["waitlist"],
      summary: "Join the waitlist",
      description:
        "Creates a waitlist lead and answers it as a bare object (no envelope, no requestId). After the response, the lead (id, name, businessName, phone, source, createdAt) is posted as JSON to WAITLIST_FORWARD_URL when one is configured (best effort: 3 attempts, 10 s timeout each). A body failing the schema answers 400; more than WAITLIST_RATE_LIMIT (default 20) sign-ups from one address in 600 s answer 429.",
      errorResponses: { 429: "more than WAITLIST_RATE_LIMIT sign-ups from this address in 600 s" },
    },
    successStatus: 201,
  })
  .input(WaitlistLeadInput)
  .output(WaitlistLeadSchema)
  .mutation(({ ctx, input }) => createWaitlistLead(ctx.db, ctx.scope, input));
