import { router } from "../../trpc";
import { getTraineeMeRoute } from "./get-trainee-me";

/** /v1/trainee/me */
export const traineeMeRoutes = router({
  get: getTraineeMeRoute,
});
