import { z } from "zod";
import { AutomationValidateSchema } from "@studio/contracts";
import { apiKeyProcedure } from "../../trpc";

export const validateAutomationRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/validate",
      tags: ["automation"],
      summary: "Connection test",
    },
    automationMessage: "connection ok",
  })
  .input(z.object({}))
  .output(AutomationValidateSchema)
  .query(({ ctx }) => ({
    studioId: ctx.auth.studioId,
    studioName: ctx.auth.studioName,
    apiKeyId: ctx.auth.apiKeyId,
  }));
