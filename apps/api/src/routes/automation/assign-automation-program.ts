import { AutomationProgramAssignInput, AutomationProgramAssignResultSchema } from "@studio/contracts";
import { assignAutomationProgram } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const assignAutomationProgramRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/programs/assign",
      tags: ["automation"],
      summary: "Assign a program from a template",
    },
    automationMessage: "Program assigned",
  })
  .input(AutomationProgramAssignInput)
  .output(AutomationProgramAssignResultSchema)
  .mutation(({ ctx, input }) => assignAutomationProgram(ctx.db, ctx.scope, input));
