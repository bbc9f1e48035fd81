import { router } from "../trpc";
import { getTraineeMeRoute } from "../routes/trainee/get-me";

/** /v1/trainee/*: trainee token. Routes behind the app lock use traineeAppProcedure. */
export const traineeRouter = router({
  me: router({
    get: getTraineeMeRoute,
  }),
});
