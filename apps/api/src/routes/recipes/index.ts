import { router } from "../../trpc";
import { generateRecipeRoute } from "./generate-recipe";

/** POST /v1/web/content/generate-recipe (a static path: it wins over /v1/web/content/{id} in the route table). */
export const recipesWebRoutes = router({
  generate: generateRecipeRoute,
});
