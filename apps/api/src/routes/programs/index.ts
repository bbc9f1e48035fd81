import { router } from "../../trpc";
import { listTemplateAssignmentsRoute } from "./list-template-assignments";
import { assignTemplateRoute } from "./assign-template";
import { assignTemplateInBulkRoute } from "./assign-template-in-bulk";
import { releaseProgramRoute } from "./release-program";
import { listClientProgramsRoute } from "./list-client-programs";
import { updateProgramRoute } from "./update-program";

/**
 * /v1/web/program-templates/:id/{assignments,assign,assign-bulk}, /v1/web/programs/:id/release,
 * PATCH /v1/web/programs/:id and GET /v1/web/clients/:id/programs (the template CRUD routes have
 * their own router).
 */
export const programsWebRoutes = router({
  listAssignments: listTemplateAssignmentsRoute,
  assign: assignTemplateRoute,
  assignBulk: assignTemplateInBulkRoute,
  release: releaseProgramRoute,
  listForClient: listClientProgramsRoute,
  update: updateProgramRoute,
});
