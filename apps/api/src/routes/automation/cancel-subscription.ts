import { AutomationSubscriptionCancelInput, AutomationSubscriptionResultSchema } from "@studio/contracts";
import { cancelSubscription } from "@studio/domain";
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
  .mutation(({ ctx, input }) =>
    cancelSubscription(ctx.db, ctx.scope, { clientId: input.id, subscriptionId: input.subscriptionId }).then(
      (subscription) => ({ subscription }),
    ),
  );
