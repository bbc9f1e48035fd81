import { router } from "../trpc";
import { contentTraineeRoutes } from "../routes/content";
import { notificationsTraineeRoutes, pushTokensTraineeRoutes } from "../routes/notifications";
import { traineeMeRoutes } from "../routes/trainee";
import { trackingTraineeRoutes } from "../routes/tracking";

/** /v1/trainee/*: trainee token. Routes behind the app lock use traineeAppProcedure. */
export const traineeRouter = router({
  me: traineeMeRoutes,
  notifications: notificationsTraineeRoutes,
  pushTokens: pushTokensTraineeRoutes,
  content: contentTraineeRoutes,
  tracking: trackingTraineeRoutes,
});
