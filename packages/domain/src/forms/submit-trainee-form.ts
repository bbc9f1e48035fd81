import { and, eq } from "drizzle-orm";
import type { FormResponseRecord, TraineeFormSubmit } from "@studio/contracts";
import { formAssignments, forms, type Db } from "@studio/db";
import { AppError, notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { completeFormAssignment } from "./complete-form-assignment";
import { frozenSchemaOf } from "./form-assignment-record";
import { CHECK_INS_PAUSED_MESSAGE, checkInsPaused } from "./check-ins-paused";
import { reachableAssignment } from "./trainee-form-record";
import { validateAnswers } from "./validate-answers";

/**
 * `POST /v1/trainee/forms/:assignmentId/submit` (docs/decisions/forms.md "Form assignments"): the
 * trainee's answers to the fields frozen at send time, in one transaction under the assignment's
 * row lock: validation (validateAnswers), the response, the assignment SUBMITTED, measurements
 * merged into the day's metrics, FORM_FILLED jobs, an INTAKE form's held programs released.
 * Refusals: 404 "form not found" (not the trainee's, not visible yet, canceled), 409 CONFLICT "form
 * already submitted", 400 for a document to sign (signed through its link), APP_LOCKED for a
 * check-in while the plan is frozen, 422 VALIDATION for the answers.
 */
export async function submitTraineeForm(
  db: Db,
  scope: TraineeScope,
  input: TraineeFormSubmit,
): Promise<FormResponseRecord> {
  const paused = await checkInsPaused(db, scope);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ assignment: formAssignments, formType: forms.type })
      .from(formAssignments)
      .innerJoin(forms, eq(forms.id, formAssignments.formId))
      .where(and(reachableAssignment(scope), eq(formAssignments.id, input.assignmentId)))
      .for("update", { of: formAssignments })
      .limit(1);
    if (!row) throw notFound("form");
    const { assignment, formType } = row;
    if (assignment.status !== "PENDING") throw new AppError("CONFLICT", "form already submitted");
    if (formType === "PDF_SIGNATURE")
      throw new AppError(
        "BAD_REQUEST",
        "a document to sign is signed through its signing link, not in the app",
      );
    if (formType === "CHECK_IN" && paused) throw new AppError("APP_LOCKED", CHECK_INS_PAUSED_MESSAGE);
    const validated = validateAnswers(frozenSchemaOf(assignment.frozenSchema).fields, input.answers);
    return completeFormAssignment(tx, scope, { assignment, formType, validated });
  });
}
