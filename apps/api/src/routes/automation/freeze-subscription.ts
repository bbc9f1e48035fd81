import { AutomationTraineePath, AutomationSubscriptionsResultSchema } from "@studio/contracts";
import { freezeSubscription } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const freezeAutomationSubscriptionRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/subscription/freeze",
      tags: ["automation"],
      summary: "Freeze the running plan",
    },
    automationMessage: "Plan frozen",
  })
  .input(AutomationTraineePath)
  .output(AutomationSubscriptionsResultSchema)
  .mutation(({ ctx, input }) =>
    freezeSubscription(ctx.db, ctx.scope, { clientId: input.id }).then((subscriptions) => ({
      subscriptions,
    })),
  );
