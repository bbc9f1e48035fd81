import { LeadConversionSchema, LeadConvertInput } from "@studio/contracts";
import { convertLead } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const convertLeadRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/crm/leads/{id}/convert",
      tags: ["crm"],
      summary: "Convert a lead to a trainee (moves it to WON)",
    },
  })
  .input(LeadConvertInput)
  .output(LeadConversionSchema)
  .mutation(({ ctx, input }) => convertLead(ctx.db, ctx.scope, input));
