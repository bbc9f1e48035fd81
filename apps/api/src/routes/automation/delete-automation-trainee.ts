import { AutomationTraineeDeletedSchema, AutomationTraineeDeleteInput } from "@studio/contracts";
import { deleteAutomationTrainee } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const NOTHING_DELETED_MESSAGE =
  "Nothing was deleted: send confirm true to delete the trainee and its history";

export const deleteAutomationTraineeRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/automation/trainees/{id}",
      tags: ["automation"],
      summary: "Delete a trainee and its history (body confirm true; otherwise nothing is deleted)",
    },
    automationMessage: "Trainee deleted",
    automationMessageOf: (data: { deleted: boolean }) =>
      data.deleted ? "Trainee deleted" : NOTHING_DELETED_MESSAGE,
  })
  .input(AutomationTraineeDeleteInput)
  .output(AutomationTraineeDeletedSchema)
  .mutation(({ ctx, input }) => deleteAutomationTrainee(ctx.db, ctx.scope, input));
