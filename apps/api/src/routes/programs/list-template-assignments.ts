import { IdParam, ProgramAssignmentListSchema } from "@studio/contracts";
import { listTemplateAssignments } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listTemplateAssignmentsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/program-templates/{id}/assignments",
      tags: ["program-templates"],
      summary: "Trainees holding an ACTIVE or PAUSED program from the template, oldest first",
      description: "NOT_FOUND program template not found.",
    },
  })
  .input(IdParam)
  .output(ProgramAssignmentListSchema)
  .query(({ ctx, input }) => listTemplateAssignments(ctx.db, ctx.scope, input));
