import { ProgramSchema, TemplateAssignInput } from "@studio/contracts";
import { assignTemplate } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const assignTemplateRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/program-templates/{id}/assign",
      tags: ["program-templates"],
      summary: "Copy the template into a program of one trainee",
      description:
        "ACTIVE, with an activity row, the plan push(es) and the plan-activated hook. With holdForResponseId the " +
        "program is PAUSED (releasePending) until the intake response releases it. NOT_FOUND program template not " +
        "found, client not found; BAD_REQUEST intake response not found, the intake response belongs to another " +
        "trainee, the response does not answer an intake form.",
    },
    successStatus: 201,
  })
  .input(TemplateAssignInput)
  .output(ProgramSchema)
  .mutation(({ ctx, input }) => assignTemplate(ctx.db, ctx.scope, input));
