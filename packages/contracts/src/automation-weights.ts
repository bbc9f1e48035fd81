import { z } from "zod";
import { automationPagingQuery, blankable } from "./automation";
import { boundedDateOrDateTime, boundedId, NO_NUL_PATTERN, NUL_MESSAGE } from "./bounded";
import { NotificationRecordSchema } from "./notifications";
import { WeightSourceSchema } from "./trainee-tracking";

// ---- weights and message (document 3 "Weight entry", "Weights, message, tasks"; document 2
// "Tracking rows"): WeightEntry source is APP, coach, form, automation or import, as document 3 spells it.
// Choices where the spec is silent: docs/decisions/automation.md "Automation lane: programs, weights,
// message, dropdowns". ----

/** Document 3 "Limits": a weight is greater than 0 and at most 500 kg. */
export const WEIGHT_KG_MAX = 500;
/** Document 3 "Limits": a message is 1 to 1000 characters. */
export const AUTOMATION_MESSAGE_MAX = 1000;
/** The token of a message replaced by the trainee's first name. */
export const FIRST_NAME_TOKEN = "[שם]";

const weightKgNumber = () =>
  z.number().gt(0, "must be greater than 0").max(WEIGHT_KG_MAX, `must be at most ${WEIGHT_KG_MAX}`);

/** A weight in kilograms sent as a number or a decimal string ("72.5", " 80 "). */
const automationWeightKg = () =>
  z.union([
    weightKgNumber(),
    z
      .string()
      .max(32)
      .regex(/^\s*\+?(\d+(\.\d*)?|\.\d+)\s*$/, "must be a number")
      .transform((value) => Number(value.trim()))
      .pipe(weightKgNumber()),
  ]);

/** A weigh-in as the lane answers it. */
export const AutomationWeightEntrySchema = z.object({
  id: z.string(),
  weightKg: z.number(),
  recordedAt: z.string().describe("ISO instant"),
  source: WeightSourceSchema.describe("APP (the trainee app), coach, form, automation or import"),
});
export type AutomationWeightEntry = z.infer<typeof AutomationWeightEntrySchema>;

/** `GET /v1/automation/trainees/{id}/weights`: newest recordedAt first; data items only. */
export const AutomationWeightsQuery = z.object({
  id: boundedId().describe("trainee id"),
  ...automationPagingQuery(),
});
export type AutomationWeightsQuery = z.infer<typeof AutomationWeightsQuery>;
export const AutomationWeightsSchema = z.object({ items: z.array(AutomationWeightEntrySchema) });

/** `POST /v1/automation/trainees/{id}/weights`: source automation; the trainee's weight follows. */
export const AutomationWeightLogInput = z.object({
  id: boundedId().describe("trainee id"),
  weightKg: automationWeightKg().describe(
    "kilograms, greater than 0 and at most 500 (a number or a decimal string)",
  ),
  recordedAt: blankable(boundedDateOrDateTime()).describe(
    "ISO instant with offset, or YYYY-MM-DD (midnight of that day in the trainee's zone); default now",
  ),
});
export type AutomationWeightLog = z.infer<typeof AutomationWeightLogInput>;
export const AutomationWeightLogResultSchema = z.object({
  entry: AutomationWeightEntrySchema,
  weightKg: z.number().describe("the trainee's weight now (the value logged)"),
});
export type AutomationWeightLogResult = z.infer<typeof AutomationWeightLogResultSchema>;

/** `POST /v1/automation/trainees/{id}/message`: a TRAINER_MESSAGE push; [שם] becomes the first name. */
export const AutomationMessageInput = z.object({
  id: boundedId().describe("trainee id"),
  message: z
    .string()
    .trim()
    .min(1, "message is empty")
    .max(AUTOMATION_MESSAGE_MAX, `must be at most ${AUTOMATION_MESSAGE_MAX} characters`)
    .regex(NO_NUL_PATTERN, NUL_MESSAGE)
    .describe("1 to 1000 characters; [שם] is replaced by the trainee's first name"),
});
export type AutomationMessage = z.infer<typeof AutomationMessageInput>;
export const AutomationMessageResultSchema = z.object({
  notification: NotificationRecordSchema.describe(
    "the push as recorded: queued for delivery, or skipped with the reason (NO_PUSH_TOKEN when the trainee has no device)",
  ),
});
export type AutomationMessageResult = z.infer<typeof AutomationMessageResultSchema>;
