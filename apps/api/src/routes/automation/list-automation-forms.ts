import { AutomationFormsQuery, AutomationFormsSchema } from "@studio/contracts";
import { listAutomationForms } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationFormsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/forms",
      tags: ["automation"],
      summary: "Sendable forms (active and published), offset pagination",
    },
    automationMessage: "Forms",
  })
  .input(AutomationFormsQuery)
  .output(AutomationFormsSchema)
  .query(({ ctx, input }) => listAutomationForms(ctx.db, ctx.scope, input));
