import { router } from "../trpc";
import { appReleaseTraineeRoutes } from "../routes/app-release";
import { calendarTraineeRoutes } from "../routes/calendar";
import { contentTraineeRoutes } from "../routes/content";
import { foodsTraineeRoutes } from "../routes/foods";
import { formsTraineeRoutes } from "../routes/forms";
import { uploadsTraineeRoutes } from "../routes/media";
import { notificationsTraineeRoutes, pushTokensTraineeRoutes } from "../routes/notifications";
import { shoppingTraineeRoutes } from "../routes/shopping";
import { traineeLogsTraineeRoutes } from "../routes/trainee-logs";
import { traineeHomeRoutes, traineeMeRoutes, traineePlansRoutes } from "../routes/trainee";
import { trackingTraineeRoutes } from "../routes/tracking";

/** /v1/trainee/*: trainee token. Routes behind the app lock use traineeAppProcedure. */
export const traineeRouter = router({
  me: traineeMeRoutes,
  plans: traineePlansRoutes,
  home: traineeHomeRoutes,
  logging: traineeLogsTraineeRoutes,
  notifications: notificationsTraineeRoutes,
  pushTokens: pushTokensTraineeRoutes,
  content: contentTraineeRoutes,
  shopping: shoppingTraineeRoutes,
  tracking: trackingTraineeRoutes,
  calendar: calendarTraineeRoutes,
  forms: formsTraineeRoutes,
  appRelease: appReleaseTraineeRoutes,
  foods: foodsTraineeRoutes,
  uploads: uploadsTraineeRoutes,
});
