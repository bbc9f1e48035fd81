import { router } from "../../trpc";
import { listTemplateAssignmentsRoute } from "./list-template-assignments";
import { assignTemplateRoute } from "./assign-template";
import { assignTemplateInBulkRoute } from "./assign-template-in-bulk";

/** /v1/web/program-templates/:id/{assignments,assign,assign-bulk} (the template CRUD routes have their own router). */
export const programsWebRoutes = router({
  listAssignments: listTemplateAssignmentsRoute,
  assign: assignTemplateRoute,
  assignBulk: assignTemplateInBulkRoute,
});
