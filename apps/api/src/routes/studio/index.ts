import { router } from "../../trpc";
import { getCurrentStudioRoute } from "./get-current-studio";
import { updateStudioSettingsRoute } from "./update-studio-settings";

/** /v1/web/studio, /v1/web/studio/settings */
export const studioWebRoutes = router({
  get: getCurrentStudioRoute,
  updateSettings: updateStudioSettingsRoute,
});
