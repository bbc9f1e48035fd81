import { router } from "../../trpc";
import { createPlanRoute } from "./create-plan";
import { listPlansRoute } from "./list-plans";
import { updatePlanRoute } from "./update-plan";

/** /v1/web/plans (decisions.md "Supporting web routes"). */
export const plansWebRoutes = router({
  list: listPlansRoute,
  create: createPlanRoute,
  update: updatePlanRoute,
});
