import { AutomationProgramTemplatesQuery, AutomationProgramTemplatesSchema } from "@studio/contracts";
import { listAutomationProgramTemplates } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationProgramTemplatesRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/program-templates",
      tags: ["automation"],
      summary: "Program templates (id, name, type) by name, offset pagination",
    },
    automationMessage: "Program templates",
  })
  .input(AutomationProgramTemplatesQuery)
  .output(AutomationProgramTemplatesSchema)
  .query(({ ctx, input }) => listAutomationProgramTemplates(ctx.db, ctx.scope, input));
