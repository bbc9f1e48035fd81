import { router } from "../../trpc";
import { createFormRoute } from "./create-form";
import { getFormRoute } from "./get-form";
import { listFormsRoute } from "./list-forms";
import { updateFormRoute } from "./update-form";

/** /v1/web/forms (decisions.md "Supporting web routes"). */
export const formsWebRoutes = router({
  list: listFormsRoute,
  get: getFormRoute,
  create: createFormRoute,
  update: updateFormRoute,
});
