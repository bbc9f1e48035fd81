import { AutomationFormResponsesQuery, AutomationFormResponsesSchema } from "@studio/contracts";
import { listAutomationFormResponses } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationFormResponsesRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/trainees/{id}/form-responses",
      tags: ["automation"],
      summary: "The trainee's form responses, newest first (no answers)",
    },
    automationMessage: "Form responses",
  })
  .input(AutomationFormResponsesQuery)
  .output(AutomationFormResponsesSchema)
  .query(({ ctx, input }) => listAutomationFormResponses(ctx.db, ctx.scope, input));
