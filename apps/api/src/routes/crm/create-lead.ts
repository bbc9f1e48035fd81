import { LeadCreateInput, LeadSchema } from "@studio/contracts";
import { createLead } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createLeadRoute = webProcedure
  .meta({
    openapi: { method: "POST", path: "/v1/web/crm/leads", tags: ["crm"], summary: "Create a lead" },
    successStatus: 201,
  })
  .input(LeadCreateInput)
  .output(LeadSchema)
  .mutation(({ ctx, input }) => createLead(ctx.db, ctx.scope, input));
