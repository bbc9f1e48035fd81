import { router } from "../../trpc";
import { createFormRoute } from "./create-form";
import { getFormRoute } from "./get-form";
import { getTraineeFormRoute } from "./get-trainee-form";
import { listTraineeFormsRoute } from "./list-trainee-forms";
import { submitTraineeFormRoute } from "./submit-trainee-form";
import { listFormsRoute } from "./list-forms";
import { updateFormRoute } from "./update-form";

/** /v1/web/forms (decisions.md "Supporting web routes"). */
export const formsWebRoutes = router({
  list: listFormsRoute,
  get: getFormRoute,
  create: createFormRoute,
  update: updateFormRoute,
});

/** /v1/trainee/forms (decisions.md "Trainee app: plans and logging" → Forms): trainee token only. */
export const formsTraineeRoutes = router({
  list: listTraineeFormsRoute,
  get: getTraineeFormRoute,
  submit: submitTraineeFormRoute,
});
