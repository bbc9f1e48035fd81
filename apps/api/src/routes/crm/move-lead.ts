import { LeadSchema, LeadStatusChangeInput } from "@studio/contracts";
import { moveLead } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const moveLeadRoute = webProcedure
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
  .mutation(({ ctx, input }) => moveLead(ctx.db, ctx.scope, input));
