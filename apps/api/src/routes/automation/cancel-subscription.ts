import { AutomationSubscriptionCancelInput, AutomationSubscriptionResultSchema } from "@studio/contracts";
import { cancelAutomationSubscription } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const cancelAutomationSubscriptionRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/subscription/cancel",
      tags: ["automation"],
      summary: "Cancel a live subscription",
    },
    automationMessage: "Plan canceled",
  })
  .input(AutomationSubscriptionCancelInput)
  .output(AutomationSubscriptionResultSchema)
  .mutation(({ ctx, input }) => cancelAutomationSubscription(ctx.db, ctx.scope, input));
