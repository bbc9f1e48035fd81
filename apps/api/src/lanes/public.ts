import { router } from "../trpc";
import { traineeAuthRoutes } from "../routes/trainee";
import { onboardingPublicRoutes } from "../routes/onboarding";
import { waitlistRoutes } from "../routes/waitlist";

/** Public paths (no credential; throttled): trainee sign-in under /v1/trainee/auth. */
export const publicRouter = router({
  traineeAuth: traineeAuthRoutes,
  onboarding: onboardingPublicRoutes,
  waitlist: waitlistRoutes,
});
