import { IdParam, LeadDeletedSchema } from "@studio/contracts";
import { deleteLead } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteLeadRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/crm/leads/{id}",
      tags: ["crm"],
      summary: "Soft-delete a lead",
    },
  })
  .input(IdParam)
  .output(LeadDeletedSchema)
  .mutation(({ ctx, input }) => deleteLead(ctx.db, ctx.scope, input));
