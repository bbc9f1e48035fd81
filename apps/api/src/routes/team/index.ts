import { router } from "../../trpc";
import { listCoachesRoute } from "./list-coaches";
import { createCoachRoute } from "./create-coach";
import { getCoachRoute } from "./get-coach";
import { getCoachImpactRoute } from "./get-coach-impact";
import { updateCoachRoute } from "./update-coach";
import { dismissCoachRoute } from "./dismiss-coach";

/** /v1/web/coaches */
export const teamWebRoutes = router({
  list: listCoachesRoute,
  create: createCoachRoute,
  get: getCoachRoute,
  impact: getCoachImpactRoute,
  update: updateCoachRoute,
  dismiss: dismissCoachRoute,
});
