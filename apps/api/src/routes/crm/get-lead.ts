import { IdParam, LeadDetailSchema } from "@studio/contracts";
import { getLead } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getLeadRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/crm/leads/{id}",
      tags: ["crm"],
      summary: "A lead with its notes and latest activities",
    },
  })
  .input(IdParam)
  .output(LeadDetailSchema)
  .query(({ ctx, input }) => getLead(ctx.db, ctx.scope, input));
