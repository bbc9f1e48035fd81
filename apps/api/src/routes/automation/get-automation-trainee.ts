import { AutomationTraineeDetailSchema, AutomationTraineePath } from "@studio/contracts";
import { getAutomationTrainee } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const getAutomationTraineeRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/trainees/{id}",
      tags: ["automation"],
      summary: "One trainee with its live subscriptions",
    },
    automationMessage: "Trainee",
  })
  .input(AutomationTraineePath)
  .output(AutomationTraineeDetailSchema)
  .query(({ ctx, input }) => getAutomationTrainee(ctx.db, ctx.scope, input));
