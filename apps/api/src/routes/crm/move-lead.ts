import { LeadSchema, LeadStatusChangeInput } from "@studio/contracts";
import { changeLeadStatus } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const changeLeadStatusRoute = webProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/web/crm/leads/{id}/status",
      tags: ["crm"],
      summary: "Move a lead to a status (lostReason only for LOST)",
    },
  })
  .input(LeadStatusChangeInput)
  .output(LeadSchema)
  .mutation(({ ctx, input }) => changeLeadStatus(ctx.db, ctx.scope, input));
