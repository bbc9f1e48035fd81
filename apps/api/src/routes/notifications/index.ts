import { router } from "../../trpc";
import { listStudioConfigsRoute } from "./list-studio-configs";
import { updateStudioConfigRoute } from "./update-studio-config";
import { getStudioNotificationSettingsRoute } from "./get-studio-notification-settings";
import { putStudioNotificationSettingRoute } from "./put-studio-notification-setting";
import { listClientNotificationsRoute } from "./list-client-notifications";
import { listTraineeNotificationConfigsRoute } from "./list-trainee-notification-configs";
import { getTraineeNotificationPreferencesRoute } from "./get-trainee-notification-preferences";
import { setTraineeNotificationPreferenceRoute } from "./set-trainee-notification-preference";
import { registerPushTokenRoute } from "./register-push-token";
import { deletePushTokenRoute } from "./delete-push-token";
import { listPlatformConfigsRoute } from "./list-platform-configs";
import { updatePlatformConfigRoute } from "./update-platform-config";

/**
 * Notification settings on three lanes: /v1/web/notification-configs,
 * /v1/web/studio/notification-settings, /v1/web/clients/:id/notifications (web);
 * /v1/trainee/notification-*, /v1/trainee/push-tokens (trainee); /v1/admin/notification-configs.
 */
export const notificationsWebRoutes = router({
  listConfigs: listStudioConfigsRoute,
  updateConfig: updateStudioConfigRoute,
  getSettings: getStudioNotificationSettingsRoute,
  putSetting: putStudioNotificationSettingRoute,
  listForClient: listClientNotificationsRoute,
});

export const notificationsTraineeRoutes = router({
  configs: listTraineeNotificationConfigsRoute,
  preferences: getTraineeNotificationPreferencesRoute,
  updatePreference: setTraineeNotificationPreferenceRoute,
});

export const pushTokensTraineeRoutes = router({
  register: registerPushTokenRoute,
  delete: deletePushTokenRoute,
});

export const notificationsAdminRoutes = router({
  list: listPlatformConfigsRoute,
  update: updatePlatformConfigRoute,
});
