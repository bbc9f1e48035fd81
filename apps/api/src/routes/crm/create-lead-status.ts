import { LeadStatusCreateInput, LeadStatusSchema } from "@studio/contracts";
import { createLeadStatus } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createLeadStatusRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/crm/statuses",
      tags: ["crm"],
      summary: "Create a custom lead status",
    },
    successStatus: 201,
  })
  .input(LeadStatusCreateInput)
  .output(LeadStatusSchema)
  .mutation(({ ctx, input }) => createLeadStatus(ctx.db, ctx.scope, input));
