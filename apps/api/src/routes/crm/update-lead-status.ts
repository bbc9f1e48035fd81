import { LeadStatusPatchInput, LeadStatusSchema } from "@studio/contracts";
import { updateLeadStatus } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateLeadStatusRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/crm/statuses/{id}",
      tags: ["crm"],
      summary: "Change a status label or color (locked ones too)",
    },
  })
  .input(LeadStatusPatchInput)
  .output(LeadStatusSchema)
  .mutation(({ ctx, input }) => updateLeadStatus(ctx.db, ctx.scope, input));
