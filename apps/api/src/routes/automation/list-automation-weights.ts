import { AutomationWeightsQuery, AutomationWeightsSchema } from "@studio/contracts";
import { listAutomationWeights } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationWeightsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/trainees/{id}/weights",
      tags: ["automation"],
      summary: "Weigh-ins, newest first (no total)",
    },
    automationMessage: "Weights",
  })
  .input(AutomationWeightsQuery)
  .output(AutomationWeightsSchema)
  .query(({ ctx, input }) => listAutomationWeights(ctx.db, ctx.scope, input));
