import { z } from "zod";
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
