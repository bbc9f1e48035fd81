import { AutomationHookListQuery, AutomationHooksSchema } from "@studio/contracts";
import { listAutomationHooks } from "@studio/domain";
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
  .query(({ ctx, input }) => listAutomationHooks(ctx.db, ctx.scope, input));
