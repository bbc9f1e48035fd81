import type {
  FormAssignmentRecord,
  FormAssignmentSource,
  FormAssignmentStatus,
  FormField,
  FormPushMode,
  FormType,
} from "@studio/contracts";
import type { formAssignments } from "@studio/db";

type AssignmentRow = typeof formAssignments.$inferSelect;

/**
 * What an assignment froze at send time (`form_assignments.frozen_schema`): the form's fields in
 * order and its document. The trainee app, the signing page and the FORM_FILLED body read these,
 * never the live form, so a later edit of the form does not change what this trainee fills.
 */
export interface FrozenFormSchema {
  fields: FormField[];
  documentUrl: string | null;
}

/** The frozen schema of a stored row (a row written before the shape existed reads as no fields). */
export function frozenSchemaOf(value: unknown): FrozenFormSchema {
  const schema = value && typeof value === "object" ? (value as Partial<FrozenFormSchema>) : {};
  return {
    fields: Array.isArray(schema.fields) ? schema.fields : [],
    documentUrl: typeof schema.documentUrl === "string" ? schema.documentUrl : null,
  };
}

/** The lane view of an assignment: never the token hash, the prefill or the frozen schema. */
export const toFormAssignmentRecord = (
  row: AssignmentRow,
  form: { name: string; type: string },
): FormAssignmentRecord => ({
  id: row.id,
  formId: row.formId,
  formName: form.name,
  formType: form.type as FormType,
  clientId: row.clientId,
  status: row.status as FormAssignmentStatus,
  visibleFrom: row.visibleFrom.toISOString(),
  note: row.note,
  pushMode: row.pushMode as FormPushMode,
  announcedAt: row.announcedAt?.toISOString() ?? null,
  source: row.source as FormAssignmentSource,
  createdAt: row.createdAt.toISOString(),
  submittedAt: row.submittedAt?.toISOString() ?? null,
});
