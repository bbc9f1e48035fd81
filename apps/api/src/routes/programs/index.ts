import { router } from "../../trpc";
import { listTemplateAssignmentsRoute } from "./list-template-assignments";
import { assignTemplateRoute } from "./assign-template";
import { assignTemplateInBulkRoute } from "./assign-template-in-bulk";
import { releaseProgramRoute } from "./release-program";

/** /v1/web/program-templates/:id/{assignments,assign,assign-bulk} and /v1/web/programs/:id/release (the template CRUD routes have their own router). */
export const programsWebRoutes = router({
  listAssignments: listTemplateAssignmentsRoute,
  assign: assignTemplateRoute,
  assignBulk: assignTemplateInBulkRoute,
  release: releaseProgramRoute,
});
