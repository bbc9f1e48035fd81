import { AutomationMessageInput, AutomationMessageResultSchema } from "@studio/contracts";
import { sendAutomationMessage } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const sendAutomationMessageRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/trainees/{id}/message",
      tags: ["automation"],
      summary: "Push a coach message (TRAINER_MESSAGE)",
    },
    automationMessage: "Message sent",
  })
  .input(AutomationMessageInput)
  .output(AutomationMessageResultSchema)
  .mutation(({ ctx, input }) => sendAutomationMessage(ctx.db, ctx.scope, input));
