import { router } from "../../trpc";
import { createFoodRoute } from "./create-food";
import { listFoodsRoute } from "./list-foods";
import { setFoodOverrideRoute } from "./set-food-override";
import { updateFoodRoute } from "./update-food";

/** /v1/web/foods (decisions.md "Supporting web routes"); any web role. */
export const foodsWebRoutes = router({
  list: listFoodsRoute,
  create: createFoodRoute,
  update: updateFoodRoute,
  setOverride: setFoodOverrideRoute,
});
