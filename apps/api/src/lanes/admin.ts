import { router } from "../trpc";
import { notificationsAdminRoutes } from "../routes/notifications";

/** /v1/admin/default-forms, /v1/admin/notification-configs: service signature only (auth lane "internal"). */
export const adminRouter = router({
  notificationConfigs: notificationsAdminRoutes,
});
