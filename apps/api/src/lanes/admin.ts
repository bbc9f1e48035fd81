import { router } from "../trpc";
import { appReleaseAdminRoutes } from "../routes/app-release";
import { notificationsAdminRoutes } from "../routes/notifications";

/** /v1/admin/default-forms, /v1/admin/notification-configs, /v1/admin/app-releases: service signature only (auth lane "internal"). */
export const adminRouter = router({
  notificationConfigs: notificationsAdminRoutes,
  appReleases: appReleaseAdminRoutes,
});
