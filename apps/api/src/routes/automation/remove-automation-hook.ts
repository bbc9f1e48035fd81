import { AutomationHookDeletedSchema, AutomationHookPath } from "@studio/contracts";
import { removeAutomationHook } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const removeAutomationHookRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/automation/hooks/{id}",
      tags: ["automation"],
      summary: "Remove a webhook of the calling key",
    },
    automationMessage: "Webhook removed",
  })
  .input(AutomationHookPath)
  .output(AutomationHookDeletedSchema)
  .mutation(({ ctx, input }) => removeAutomationHook(ctx.db, ctx.scope, input));
