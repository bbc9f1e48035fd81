import { router } from "../../trpc";
import { getCurrentStudioRoute } from "./get-current-studio";
import { updateStudioSettingsRoute } from "./update-studio-settings";
import { getHomeBannerRoute } from "./get-home-banner";
import { setHomeBannerRoute } from "./set-home-banner";

/** /v1/web/studio, /v1/web/studio/settings, /v1/web/studio/home-banner */
export const studioWebRoutes = router({
  get: getCurrentStudioRoute,
  updateSettings: updateStudioSettingsRoute,
  getHomeBanner: getHomeBannerRoute,
  setHomeBanner: setHomeBannerRoute,
});
