import { and, eq } from "drizzle-orm";
import type { FormField } from "@studio/contracts";
import { forms, type Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";

/**
 * `GET /v1/automation/rpc/form-fields?formId=` (document 3 "Dropdown sources"): the fields of a
 * PDF_SIGNATURE form a caller can fill through fieldValues (the coach-filled ones), in form order:
 * id and value the field key, label "label (key)". Without formId, for an unknown id, another
 * studio's form or another type: an empty array.
 */
export async function listRpcFormFields(
  db: Db,
  scope: ApiKeyScope,
  query: { formId?: string },
): Promise<{ id: string; value: string; label: string }[]> {
  if (!query.formId) return [];
  const [form] = await db
    .select({ type: forms.type, fields: forms.fields })
    .from(forms)
    .where(and(eq(forms.id, query.formId), eq(forms.studioId, scope.studioId)))
    .limit(1);
  if (!form || form.type !== "PDF_SIGNATURE") return [];
  return (form.fields as FormField[])
    .filter((f) => f.filledBy === "coach")
    .map((f) => ({ id: f.key, value: f.key, label: `${f.label} (${f.key})` }));
}
