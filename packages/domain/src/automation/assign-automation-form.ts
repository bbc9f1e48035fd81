import type { AutomationFormAssign, FormAssignResult } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assignForm } from "../forms/assign-form";
import type { ApiKeyScope } from "../scope";

/**
 * `POST /v1/automation/trainees/{id}/forms/assign` (document 3 "Forms"): assignForm with source
 * automation. Data: the assignment (no token, prefill or frozen schema) and signingUrl (the
 * PDF_SIGNATURE link, delivered by the caller; null for other forms). Errors are 400 on the
 * lane: client not found, form not found, form template is not active, invalid fieldValues.
 * The spec's audit list names no action for it, so none is recorded (docs/decisions/forms.md).
 */
export function assignAutomationForm(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationFormAssign,
): Promise<FormAssignResult> {
  return assignForm(db, scope, {
    clientId: input.id,
    formId: input.formId,
    visibleFrom: input.visibleFrom,
    push: input.push,
    note: input.note,
    fieldValues: input.fieldValues,
    source: "automation",
  });
}
