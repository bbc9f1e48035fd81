import { router } from "../trpc";
import { deletePushTokenRoute } from "../routes/notifications/delete-push-token";
import { getTraineePreferencesRoute } from "../routes/notifications/get-trainee-preferences";
import { listTraineeConfigsRoute } from "../routes/notifications/list-trainee-configs";
import { registerPushTokenRoute } from "../routes/notifications/register-push-token";
import { updateTraineePreferenceRoute } from "../routes/notifications/update-trainee-preference";
import { getTraineeMeRoute } from "../routes/trainee/get-me";

/** /v1/trainee/*: trainee token. Routes behind the app lock use traineeAppProcedure. */
export const traineeRouter = router({
  me: router({
    get: getTraineeMeRoute,
  }),
  notifications: router({
    configs: listTraineeConfigsRoute,
    preferences: getTraineePreferencesRoute,
    updatePreference: updateTraineePreferenceRoute,
  }),
  pushTokens: router({
    register: registerPushTokenRoute,
    delete: deletePushTokenRoute,
  }),
});
