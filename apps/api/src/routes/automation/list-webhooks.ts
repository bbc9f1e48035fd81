import { AutomationHookListQuery, AutomationHooksSchema } from "@studio/contracts";
import { listWebhooks } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationHooksRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/hooks",
      tags: ["automation"],
      summary: "The calling key's webhooks (without secrets)",
    },
    automationMessage: "Webhooks",
  })
  .input(AutomationHookListQuery)
  .output(AutomationHooksSchema)
  .query(({ ctx, input }) =>
    listWebhooks(ctx.db, ctx.scope, { event: input.event }).then((hooks) => ({ hooks })),
  );
