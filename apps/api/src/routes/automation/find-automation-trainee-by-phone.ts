import { AutomationTraineeByPhoneSchema, AutomationTraineePhonePath } from "@studio/contracts";
import { findAutomationTraineeByPhone } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const findAutomationTraineeByPhoneRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/trainees/by-phone/{phone}",
      tags: ["automation"],
      summary: "Find one trainee by phone (any format)",
    },
    automationMessage: "Trainee found",
    automationMessageOf: (data: { found: boolean }) =>
      data.found ? "Trainee found" : "No trainee with that phone",
  })
  .input(AutomationTraineePhonePath)
  .output(AutomationTraineeByPhoneSchema)
  .query(({ ctx, input }) => findAutomationTraineeByPhone(ctx.db, ctx.scope, input));
