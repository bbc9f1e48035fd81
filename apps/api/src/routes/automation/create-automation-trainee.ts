import { AutomationTraineeCreateInput, AutomationTraineeCreateResultSchema } from "@studio/contracts";
import { createAutomationTrainee } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const createAutomationTraineeRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees",
      tags: ["automation"],
      summary:
        "Create a trainee (externalId idempotency, duplicate phone modes, optional plan and onboarding form)",
    },
    automationMessage: "Trainee created",
    automationMessageOf: (data: { created: boolean }) =>
      data.created ? "Trainee created" : "Trainee already existed, returned the existing one",
  })
  .input(AutomationTraineeCreateInput)
  .output(AutomationTraineeCreateResultSchema)
  .mutation(({ ctx, input }) => createAutomationTrainee(ctx.db, ctx.scope, input));
