import { LeadPatchInput, LeadSchema } from "@studio/contracts";
import { updateLead } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateLeadRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/crm/leads/{id}",
      tags: ["crm"],
      summary: "Autosave lead fields (only fields sent change)",
    },
  })
  .input(LeadPatchInput)
  .output(LeadSchema)
  .mutation(({ ctx, input }) => updateLead(ctx.db, ctx.scope, input));
