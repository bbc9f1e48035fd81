import { router } from "../../trpc";
import { listProgramTemplatesRoute } from "./list-program-templates";
import { createProgramTemplateRoute } from "./create-program-template";
import { generateProgramTemplateRoute } from "./generate-program-template";
import { getProgramTemplateRoute } from "./get-program-template";
import { updateProgramTemplateRoute } from "./update-program-template";
import { deleteProgramTemplateRoute } from "./delete-program-template";
import { duplicateProgramTemplateRoute } from "./duplicate-program-template";

/** /v1/web/program-templates: the templates themselves (assignment routes have their own router). */
export const templatesWebRoutes = router({
  list: listProgramTemplatesRoute,
  create: createProgramTemplateRoute,
  generate: generateProgramTemplateRoute,
  get: getProgramTemplateRoute,
  update: updateProgramTemplateRoute,
  delete: deleteProgramTemplateRoute,
  duplicate: duplicateProgramTemplateRoute,
});
