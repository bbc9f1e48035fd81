import { router } from "../../trpc";
import { deleteTraineeAccountRoute } from "./delete-trainee-account";
import { getTraineeHomeRoute } from "./get-trainee-home";
import { getTraineeMeRoute } from "./get-trainee-me";
import { listTraineePlansRoute } from "./list-trainee-plans";
import { requestTraineeSignInCodeRoute } from "./request-trainee-sign-in-code";
import { verifyTraineeSignInCodeRoute } from "./verify-trainee-sign-in-code";

/** /v1/trainee/me */
export const traineeMeRoutes = router({
  get: getTraineeMeRoute,
  delete: deleteTraineeAccountRoute,
});

/** /v1/trainee/plans */
export const traineePlansRoutes = router({
  list: listTraineePlansRoute,
});

/** /v1/trainee/home */
export const traineeHomeRoutes = router({
  get: getTraineeHomeRoute,
});

/** /v1/trainee/auth/* (public lane: no credential yet). */
export const traineeAuthRoutes = router({
  requestCode: requestTraineeSignInCodeRoute,
  verifyCode: verifyTraineeSignInCodeRoute,
});
