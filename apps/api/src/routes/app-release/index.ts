import { router } from "../../trpc";
import { checkAppReleaseRoute } from "./check-app-release";
import { getAppReleaseRoute } from "./get-app-release";
import { putAppReleaseRoute } from "./put-app-release";

/** GET /v1/trainee/app-release (trainee token, no app-access guard). */
export const appReleaseTraineeRoutes = router({
  check: checkAppReleaseRoute,
});

/** /v1/admin/app-releases/{platform} (service signature only). */
export const appReleaseAdminRoutes = router({
  get: getAppReleaseRoute,
  put: putAppReleaseRoute,
});
