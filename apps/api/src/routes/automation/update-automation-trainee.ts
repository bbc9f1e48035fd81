import { AutomationTraineeResultSchema, AutomationTraineeUpdateInput } from "@studio/contracts";
import { updateAutomationTrainee } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const updateAutomationTraineeRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/automation/trainees/{id}",
      tags: ["automation"],
      summary: "Update a trainee's profile (blank fields ignored; tags and coachIds replace)",
    },
    automationMessage: "Trainee updated",
  })
  .input(AutomationTraineeUpdateInput)
  .output(AutomationTraineeResultSchema)
  .mutation(({ ctx, input }) => updateAutomationTrainee(ctx.db, ctx.scope, input));
