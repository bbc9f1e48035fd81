import { AutomationHookRegisterInput, AutomationRegisteredHookSchema } from "@studio/contracts";
import { registerAutomationHook } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const registerAutomationHookRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/hooks",
      tags: ["automation"],
      summary: "Register a webhook (the answer is the only one carrying its secret)",
    },
    automationMessage: "Webhook registered",
  })
  .input(AutomationHookRegisterInput)
  .output(AutomationRegisteredHookSchema)
  .mutation(({ ctx, input }) =>
    registerAutomationHook(ctx.db, ctx.scope, {
      ...input,
      allowLoopback: ctx.deps.config.webhookAllowLoopback,
    }),
  );
