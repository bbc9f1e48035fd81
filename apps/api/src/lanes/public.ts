import { router } from "../trpc";
import { traineeAuthRoutes } from "../routes/trainee";

/** Public paths (no credential; throttled): trainee sign-in under /v1/trainee/auth. */
export const publicRouter = router({
  traineeAuth: traineeAuthRoutes,
});
