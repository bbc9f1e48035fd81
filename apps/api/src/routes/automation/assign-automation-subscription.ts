import { AutomationSubscriptionAssignInput, AutomationSubscriptionResultSchema } from "@studio/contracts";
import { assignAutomationSubscription } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const assignAutomationSubscriptionRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/subscription",
      tags: ["automation"],
      summary: "Assign or renew a plan",
    },
    automationMessage: "Plan assigned",
  })
  .input(AutomationSubscriptionAssignInput)
  .output(AutomationSubscriptionResultSchema)
  .mutation(({ ctx, input }) => assignAutomationSubscription(ctx.db, ctx.scope, input));
