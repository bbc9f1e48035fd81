import { AutomationWeightLogInput, AutomationWeightLogResultSchema } from "@studio/contracts";
import { logAutomationWeight } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const logAutomationWeightRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/weights",
      tags: ["automation"],
      summary: "Log a weigh-in (source automation); sets the trainee's weight",
    },
    automationMessage: "Weight logged",
  })
  .input(AutomationWeightLogInput)
  .output(AutomationWeightLogResultSchema)
  .mutation(({ ctx, input }) => logAutomationWeight(ctx.db, ctx.scope, input));
