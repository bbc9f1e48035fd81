import { AutomationTraineeSearchQuery, AutomationTraineeSearchSchema } from "@studio/contracts";
import { searchAutomationTrainees } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const searchAutomationTraineesRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/trainees/search",
      tags: ["automation"],
      summary: "Search trainees by phone or name, with filters (paginated)",
    },
    automationMessage: "Trainees",
  })
  .input(AutomationTraineeSearchQuery)
  .output(AutomationTraineeSearchSchema)
  .query(({ ctx, input }) => searchAutomationTrainees(ctx.db, ctx.scope, input));
