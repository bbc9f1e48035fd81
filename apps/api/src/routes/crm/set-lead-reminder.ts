import { LeadReminderInput, LeadSchema } from "@studio/contracts";
import { setLeadReminder } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const setLeadReminderRoute = webProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/web/crm/leads/{id}/reminder",
      tags: ["crm"],
      summary: "Set or clear a lead reminder (no notification)",
    },
  })
  .input(LeadReminderInput)
  .output(LeadSchema)
  .mutation(({ ctx, input }) => setLeadReminder(ctx.db, ctx.scope, input));
