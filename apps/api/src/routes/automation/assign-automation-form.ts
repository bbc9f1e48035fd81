import { AutomationFormAssignInput, AutomationFormAssignResultSchema } from "@studio/contracts";
import { assignAutomationForm } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const assignAutomationFormRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/forms/assign",
      tags: ["automation"],
      summary: "Send a form, or create a signing link for a document to sign",
    },
    automationMessage: "Form sent to the trainee",
  })
  .input(AutomationFormAssignInput)
  .output(AutomationFormAssignResultSchema)
  .mutation(({ ctx, input }) => assignAutomationForm(ctx.db, ctx.scope, input));
