import { z } from "zod";
import {
  automationBoolean,
  automationPaged,
  automationPagingQuery,
  blankable,
  blankableQuery,
} from "./automation";
import {
  boundedDateOrDateTime,
  boundedId,
  boundedName,
  boundedString,
  INPUT_LIMITS,
  NO_NUL_PATTERN,
  NUL_MESSAGE,
} from "./bounded";
import { FORM_ASSIGNMENT_LIMITS, FormAssignResultSchema } from "./form-assignments";
import { FormTypeSchema } from "./notifications";

// ---- forms (document 3 "Form reference", "Forms", "Dropdown sources"; decisions.md "Field
// names": formId, visibleFrom, push, note, fieldValues; rpc/form-fields query formId) ----

/** A form as listed on the lane: id, name, type. */
export const AutomationFormItemSchema = z.object({ id: z.string(), name: z.string(), type: FormTypeSchema });

/** `GET /v1/automation/forms`: sendable forms (active and published), search on the name. */
export const AutomationFormsQuery = z.object({
  search: blankableQuery(boundedName(200)).describe("case-insensitive, on the name"),
  ...automationPagingQuery(),
});
export const AutomationFormsSchema = automationPaged(AutomationFormItemSchema);

/** Keys of fieldValues: a field key (the signing page takes keys of at most 100 characters). */
const fieldKey = () => boundedString(100, { trim: true, min: 1 });
/** A value: text (at most 5000), a number or a boolean (both become strings), or blank/null (no value). */
const fieldValue = () =>
  z.union([
    boundedString(FORM_ASSIGNMENT_LIMITS.value),
    z.number().refine(Number.isFinite, "must be a finite number"),
    z.boolean(),
    z.null(),
  ]);
const fieldValuesObject = z.record(fieldKey(), fieldValue()).describe("field key to value");
const fieldValuesPairs = z
  .array(
    z.union([
      z.tuple([fieldKey(), fieldValue()]).describe("[key, value]"),
      z.object({ key: fieldKey(), value: fieldValue() }).describe("{key, value}"),
    ]),
  )
  .max(FORM_ASSIGNMENT_LIMITS.keys)
  .describe("key and value pairs");
const FieldValuesShape = z.union([fieldValuesObject, fieldValuesPairs]);
const SHAPE_MESSAGE = "must be an object, an array of key and value pairs, or a JSON string of either";

/** The object, pairs or JSON-string forms, turned into `{key: string}` (null and blank values dropped). */
const normalizeFieldValues = (value: z.infer<typeof FieldValuesShape>): Record<string, string> => {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((pair) => (Array.isArray(pair) ? [pair[0], pair[1]] : [pair.key, pair.value]))
    : Object.entries(value);
  const out: Record<string, string> = {};
  for (const [key, raw] of entries) {
    if (raw === null || raw === undefined) continue;
    const text = typeof raw === "string" ? raw : String(raw);
    if (text.trim() === "") continue;
    out[key] = text;
  }
  return out;
};

/**
 * fieldValues of `POST /v1/automation/trainees/{id}/forms/assign` (document 3 "Forms"): an
 * object, an array of `[key, value]` pairs or `{key, value}` objects, or a JSON string of either;
 * numbers and booleans become strings; at most 200 keys. Blank (empty or white space) and null
 * are the field left out (handled here rather than by `blankable`, so a bad JSON string is
 * reported with its own message).
 */
export const AutomationFieldValues = z
  .union([
    FieldValuesShape,
    z
      .string()
      .max(1_100_000, "must be at most 1100000 characters")
      .regex(NO_NUL_PATTERN, NUL_MESSAGE)
      .describe("a JSON string of the object or of the pairs; blank: omitted"),
    z.null(),
  ])
  .transform((value, ctx): Record<string, string> | undefined => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return undefined;
    let shaped: unknown = value;
    if (typeof value === "string") {
      try {
        shaped = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: SHAPE_MESSAGE });
        return z.NEVER;
      }
    }
    const parsed = FieldValuesShape.safeParse(shaped);
    if (!parsed.success) {
      ctx.addIssue({
        code: "custom",
        message: `${SHAPE_MESSAGE} (${parsed.error.issues[0]?.message ?? "invalid"})`,
      });
      return z.NEVER;
    }
    const out = normalizeFieldValues(parsed.data);
    if (Object.keys(out).length > FORM_ASSIGNMENT_LIMITS.keys) {
      ctx.addIssue({ code: "custom", message: `at most ${FORM_ASSIGNMENT_LIMITS.keys} keys` });
      return z.NEVER;
    }
    return out;
  });

/** `POST /v1/automation/trainees/{id}/forms/assign`. */
export const AutomationFormAssignInput = z.object({
  id: boundedId().describe("trainee id"),
  formId: boundedString(INPUT_LIMITS.id, { trim: true, min: 1 }),
  visibleFrom: blankable(boundedDateOrDateTime()).describe(
    "ISO date-time, or a date (midnight in the trainee's zone); default now",
  ),
  push: blankable(automationBoolean()).describe(
    "true: push now; false: never announce; blank: the hourly notifier announces it once visible",
  ),
  note: blankable(boundedString(FORM_ASSIGNMENT_LIMITS.note, { trim: true })).describe("at most 500"),
  fieldValues: AutomationFieldValues.optional().describe(
    "PDF_SIGNATURE only (ignored otherwise): coach-filled field values by key",
  ),
});
export type AutomationFormAssign = z.infer<typeof AutomationFormAssignInput>;
export const AutomationFormAssignResultSchema = FormAssignResultSchema;

/** `GET /v1/automation/trainees/{id}/form-responses`: limit, offset; search accepted and ignored. */
export const AutomationFormResponsesQuery = z.object({
  id: boundedId().describe("trainee id"),
  search: blankableQuery(boundedString(INPUT_LIMITS.name)).describe("accepted and ignored"),
  ...automationPagingQuery(),
});
/** A response as listed on the lane (answers are not included). */
export const AutomationFormResponseItemSchema = z.object({
  id: z.string(),
  formId: z.string(),
  formName: z.string(),
  formType: FormTypeSchema,
  assignmentId: z.string().nullable(),
  documentUrl: z.string().nullable(),
  submittedAt: z.string(),
});
export const AutomationFormResponsesSchema = z.object({ items: z.array(AutomationFormResponseItemSchema) });

/** Dropdown items (document 3 "Dropdown sources"): id and value. */
export const AutomationRpcItemSchema = z.object({ id: z.string(), value: z.string() });
export const AutomationRpcFormsSchema = z.array(AutomationRpcItemSchema);
/** `GET /v1/automation/rpc/forms` takes no parameters. */
export const AutomationRpcFormsQuery = z.object({});

/** `GET /v1/automation/rpc/form-fields?formId=`: a PDF_SIGNATURE form's coach-filled fields. */
export const AutomationRpcFormFieldsQuery = z.object({
  formId: blankableQuery(boundedString(INPUT_LIMITS.id, { trim: true })).describe(
    "a PDF_SIGNATURE form (blank, unknown or another type: an empty array)",
  ),
});
export const AutomationRpcFormFieldSchema = z.object({
  id: z.string().describe("the field key"),
  value: z.string().describe("the field key"),
  label: z.string().describe("label (key)"),
});
export const AutomationRpcFormFieldsSchema = z.array(AutomationRpcFormFieldSchema);
