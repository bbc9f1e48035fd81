import { IdParam, LeadStatusDeletedSchema } from "@studio/contracts";
import { deleteLeadStatus } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteLeadStatusRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/crm/statuses/{id}",
      tags: ["crm"],
      summary: "Delete a custom status holding no lead",
    },
  })
  .input(IdParam)
  .output(LeadStatusDeletedSchema)
  .mutation(({ ctx, input }) => deleteLeadStatus(ctx.db, ctx.scope, input));
