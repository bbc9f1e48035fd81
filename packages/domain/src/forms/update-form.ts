import { and, eq } from "drizzle-orm";
import type { Form, FormField, FormType, FormUpdate } from "@studio/contracts";
import { forms, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadFormRow, toForm } from "./form-record";
import { assertStoredStudioPdf, checkForm } from "./form-rules";

/**
 * `PATCH /v1/web/forms/:id`: the fields sent; `fields` replaces the list whole. The form it
 * will be is checked whole (a PDF_SIGNATURE form cannot lose its documentUrl; a type change
 * re-checks the kept fields).
 */
export async function updateForm(db: Db, scope: StudioScope, input: FormUpdate): Promise<Form> {
  const { id, ...changes } = input;
  return db.transaction(async (tx) => {
    const current = await loadFormRow(tx, scope, id);
    const type = changes.type ?? (current.type as FormType);
    const documentUrl = changes.documentUrl !== undefined ? changes.documentUrl : current.documentUrl;
    const fields = checkForm(type, changes.fields ?? (current.fields as FormField[]), documentUrl);
    if (changes.documentUrl) assertStoredStudioPdf(scope, changes.documentUrl);
    const [row] = await tx
      .update(forms)
      .set({ ...changes, fields, documentUrl, updatedAt: scope.now })
      .where(and(eq(forms.id, id), eq(forms.studioId, scope.studioId)))
      .returning();
    return toForm(row!);
  });
}
