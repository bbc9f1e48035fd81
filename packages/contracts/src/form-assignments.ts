import { z } from "zod";
import { boundedId, boundedString } from "./bounded";
import { FormFieldSchema } from "./forms";
import { FormTypeSchema } from "./notifications";

/**
 * Form assignments (decisions.md "Subscriptions and forms": `{id, formId, clientId, status,
 * visibleFrom, note, token, prefill, frozenSchema, createdAt, submittedAt}`; document 3 "Form
 * reference": a form assignment hides its token, prefill and frozen schema on the lane). The
 * record below is what every lane sees; token, prefill and frozenSchema never leave the service
 * (the token only once, inside signingUrl).
 */
export const FORM_ASSIGNMENT_STATUSES = ["PENDING", "SUBMITTED", "CANCELED"] as const;
export const FormAssignmentStatusSchema = z.enum(FORM_ASSIGNMENT_STATUSES);
export type FormAssignmentStatus = z.infer<typeof FormAssignmentStatusSchema>;

/** The three-state push flag as stored: NOW (pushed at send), NEVER, DEFERRED (the hourly notifier). */
export const FORM_PUSH_MODES = ["NOW", "NEVER", "DEFERRED"] as const;
export const FormPushModeSchema = z.enum(FORM_PUSH_MODES);
export type FormPushMode = z.infer<typeof FormPushModeSchema>;

/** Who sent the form. */
export const FORM_ASSIGNMENT_SOURCES = ["coach", "automation", "onboarding", "schedule"] as const;
export const FormAssignmentSourceSchema = z.enum(FORM_ASSIGNMENT_SOURCES);
export type FormAssignmentSource = z.infer<typeof FormAssignmentSourceSchema>;

export const FORM_ASSIGNMENT_LIMITS = {
  /** Document 3 "Limits": form note 500. */
  note: 500,
  /** Document 3 "Document signing": values at most 5000 characters, at most 200 keys. */
  value: 5000,
  keys: 200,
} as const;

export const FormAssignmentRecordSchema = z
  .object({
    id: z.string(),
    formId: z.string(),
    formName: z.string(),
    formType: FormTypeSchema,
    clientId: z.string(),
    status: FormAssignmentStatusSchema,
    visibleFrom: z.string().describe("ISO instant from which the trainee can open it"),
    note: z.string().nullable(),
    pushMode: FormPushModeSchema,
    announcedAt: z
      .string()
      .nullable()
      .describe("when FORM_SENT was recorded for it (null: not yet or never)"),
    source: FormAssignmentSourceSchema,
    createdAt: z.string(),
    submittedAt: z.string().nullable(),
  })
  .meta({ id: "FormAssignment" });
export type FormAssignmentRecord = z.infer<typeof FormAssignmentRecordSchema>;

/** What `assignForm` answers: the assignment and, for a PDF_SIGNATURE form, the signing link (once). */
export const FormAssignResultSchema = z.object({
  assignment: FormAssignmentRecordSchema,
  signingUrl: z.string().nullable().describe("APP_WEB_URL/sign/<token> for PDF_SIGNATURE forms; else null"),
});
export type FormAssignResult = z.infer<typeof FormAssignResultSchema>;

// ---- trainee app (decisions.md "Trainee app: plans and logging" → Forms) ----

/** `GET /v1/trainee/forms`: a pending assignment the trainee can open now. */
export const TraineeFormItemSchema = z
  .object({
    id: z.string().describe("assignment id"),
    formId: z.string(),
    formName: z.string(),
    formType: FormTypeSchema,
    visibleFrom: z.string(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "TraineeFormItem" });
export type TraineeFormItem = z.infer<typeof TraineeFormItemSchema>;
export const TraineeFormListSchema = z.object({ items: z.array(TraineeFormItemSchema) });

/** `GET /v1/trainee/forms/{assignmentId}`: the fields frozen at send time and the coach's values. */
export const TraineeFormDetailSchema = TraineeFormItemSchema.extend({
  status: FormAssignmentStatusSchema,
  submittedAt: z.string().nullable(),
  fields: z.array(FormFieldSchema).describe("as frozen when the form was sent, in order"),
  values: z.record(z.string(), z.string()).describe("coach-filled values by field key (documents to sign)"),
  answers: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("the trainee's submitted answers; null while pending"),
}).meta({ id: "TraineeFormDetail" });
export type TraineeFormDetail = z.infer<typeof TraineeFormDetailSchema>;

export const TraineeFormPath = z.object({ assignmentId: boundedId().describe("assignment id") });

/** A measurement answer: circumference keys to centimetres (numbers or numeric strings). */
const measurementAnswer = z.record(boundedString(16), z.union([z.number(), boundedString(32), z.null()]));
/** One answer: text, a number, a measurement object, or null (no answer). */
export const FormAnswerValueSchema = z.union([
  boundedString(FORM_ASSIGNMENT_LIMITS.value),
  z.number(),
  z.null(),
  measurementAnswer,
]);

/** `POST /v1/trainee/forms/{assignmentId}/submit` body `{answers: {fieldKey: value}}`. */
export const TraineeFormSubmitInput = z.object({
  assignmentId: boundedId().describe("assignment id"),
  answers: z
    .record(boundedString(100, { min: 1 }), FormAnswerValueSchema)
    .refine((answers) => Object.keys(answers).length <= FORM_ASSIGNMENT_LIMITS.keys, {
      message: `at most ${FORM_ASSIGNMENT_LIMITS.keys} answers`,
    })
    .describe("field key to value; at most 200 keys"),
});
export type TraineeFormSubmit = z.infer<typeof TraineeFormSubmitInput>;

/** The stored response of a submission. */
export const FormResponseSchema = z
  .object({
    id: z.string().describe("response id"),
    assignmentId: z.string().nullable(),
    formId: z.string(),
    clientId: z.string(),
    answers: z.record(z.string(), z.unknown()),
    documentUrl: z.string().nullable(),
    submittedAt: z.string(),
  })
  .meta({ id: "FormResponse" });
export type FormResponseRecord = z.infer<typeof FormResponseSchema>;
