import { IdParam, LeadSchema } from "@studio/contracts";
import { duplicateLead } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const duplicateLeadRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/crm/leads/{id}/duplicate",
      tags: ["crm"],
      summary: "Duplicate a lead",
    },
    successStatus: 201,
  })
  .input(IdParam)
  .output(LeadSchema)
  .mutation(({ ctx, input }) => duplicateLead(ctx.db, ctx.scope, input));
