import { router } from "../trpc";
import { listPlatformConfigsRoute } from "../routes/notifications/list-platform-configs";
import { updatePlatformConfigRoute } from "../routes/notifications/update-platform-config";

/** /v1/admin/default-forms, /v1/admin/notification-configs: service signature only (auth lane "internal"). */
export const adminRouter = router({
  notificationConfigs: router({
    list: listPlatformConfigsRoute,
    update: updatePlatformConfigRoute,
  }),
});
