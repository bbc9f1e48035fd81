import { router } from "../../trpc";
import { createWaitlistLeadRoute } from "./create-waitlist-lead";

/** /v1/public/waitlist-leads */
export const waitlistRoutes = router({
  create: createWaitlistLeadRoute,
});
