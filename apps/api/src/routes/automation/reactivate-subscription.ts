import { AutomationTraineePath, AutomationSubscriptionsResultSchema } from "@studio/contracts";
import { reactivateSubscription } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const reactivateAutomationSubscriptionRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/subscription/reactivate",
      tags: ["automation"],
      summary: "Reactivate the frozen plan",
    },
    automationMessage: "Plan reactivated",
  })
  .input(AutomationTraineePath)
  .output(AutomationSubscriptionsResultSchema)
  .mutation(({ ctx, input }) =>
    reactivateSubscription(ctx.db, ctx.scope, { clientId: input.id }).then((subscriptions) => ({
      subscriptions,
    })),
  );
