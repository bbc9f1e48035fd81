import { AutomationTraineePath, AutomationProgramsSchema } from "@studio/contracts";
import { listAutomationPrograms } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationProgramsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/trainees/{id}/programs",
      tags: ["automation"],
      summary: "The trainee's programs, newest first, at most 50",
    },
    automationMessage: "Programs",
  })
  .input(AutomationTraineePath)
  .output(AutomationProgramsSchema)
  .query(({ ctx, input }) => listAutomationPrograms(ctx.db, ctx.scope, input));
