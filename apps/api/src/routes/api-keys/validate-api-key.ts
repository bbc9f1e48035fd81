import { z } from "zod";
import { AutomationValidateSchema } from "@studio/contracts";
import { validateApiKey } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const validateApiKeyRoute = apiKeyProcedure
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
  .query(({ ctx }) => validateApiKey(ctx.db, ctx.scope));
