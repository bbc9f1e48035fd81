import { router } from "../../trpc";
import { createFoodRoute } from "./create-food";
import { listFoodsRoute } from "./list-foods";
import { listTraineeFoodsRoute } from "./list-trainee-foods";
import { setFoodOverrideRoute } from "./set-food-override";
import { updateFoodRoute } from "./update-food";

/** /v1/web/foods (decisions.md "Supporting web routes"); any web role. */
export const foodsWebRoutes = router({
  list: listFoodsRoute,
  create: createFoodRoute,
  update: updateFoodRoute,
  setOverride: setFoodOverrideRoute,
});

/** GET /v1/trainee/foods (trainee token only: no app-access guard; previews read). */
export const foodsTraineeRoutes = router({
  list: listTraineeFoodsRoute,
});
