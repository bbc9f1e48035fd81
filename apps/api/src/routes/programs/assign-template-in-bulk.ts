import { BulkAssignmentResultSchema, TemplateAssignBulkInput } from "@studio/contracts";
import { assignTemplateInBulk } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const assignTemplateInBulkRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/program-templates/{id}/assign-bulk",
      tags: ["program-templates"],
      summary: "Copy the template to up to 500 trainees; holders of an ACTIVE or PAUSED copy get none",
      description:
        "All or nothing: any id that is not a trainee of the studio answers NOT_FOUND client not found " +
        "(details.clientIds names up to 20) and nothing is created. NOT_FOUND program template not found.",
    },
    successStatus: 201,
  })
  .input(TemplateAssignBulkInput)
  .output(BulkAssignmentResultSchema)
  .mutation(({ ctx, input }) => assignTemplateInBulk(ctx.db, ctx.scope, input));
