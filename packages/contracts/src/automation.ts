import { z } from "zod";

/** `GET /v1/automation/validate`: connection test of an automation tool. */
export const AutomationValidateSchema = z.object({
  studioId: z.string(),
  studioName: z.string(),
  apiKeyId: z.string(),
});
