import { AutomationTraineePath, AutomationSubscriptionsSchema } from "@studio/contracts";
import { listLiveSubscriptions } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationSubscriptionsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/trainees/{id}/subscriptions",
      tags: ["automation"],
      summary: "The trainee's live subscriptions",
    },
    automationMessage: "Subscriptions",
  })
  .input(AutomationTraineePath)
  .output(AutomationSubscriptionsSchema)
  .query(({ ctx, input }) =>
    listLiveSubscriptions(ctx.db, ctx.scope, { clientId: input.id }).then((items) => ({ items })),
  );
