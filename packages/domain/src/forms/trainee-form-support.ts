import { and, eq, lte, ne } from "drizzle-orm";
import type { FormField, FormType, TraineeFormDetail, TraineeFormItem } from "@studio/contracts";
import { formAssignments, forms, type Db, type DbOrTx } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadAppAccessInputs } from "../trainee/app-access";
import { frozenSchemaOf } from "./form-assignment-record";

type AssignmentRow = typeof formAssignments.$inferSelect;

/**
 * The forms service's own frozen-plan rule (document 1 "requireTraineeAppAccess": the forms
 * router has no app-access guard): while the trainee's plan is frozen (the trainee's freeze date
 * or a FROZEN live subscription has started), check-in forms are paused — not listed, not
 * opened, not submitted (APP_LOCKED). Every other form stays open, also on an ended plan.
 */
export async function checkInsPaused(db: Db, scope: TraineeScope): Promise<boolean> {
  const inputs = await loadAppAccessInputs(db, scope);
  return inputs?.freezeStartedAt != null && inputs.freezeStartedAt <= scope.now;
}

export const CHECK_INS_PAUSED_MESSAGE = "check-in forms are paused while the plan is frozen";

/** The assignments of this trainee the app may reach: the trainee's own, visible now, not canceled. */
export const reachableAssignment = (scope: TraineeScope) =>
  and(
    eq(formAssignments.studioId, scope.studioId),
    eq(formAssignments.clientId, scope.actor.clientId),
    lte(formAssignments.visibleFrom, scope.now),
    ne(formAssignments.status, "CANCELED"),
  );

export const assignmentWithForm = (db: DbOrTx) =>
  db
    .select({ assignment: formAssignments, formName: forms.name, formType: forms.type })
    .from(formAssignments)
    .innerJoin(forms, eq(forms.id, formAssignments.formId));

export const toTraineeFormItem = (
  row: AssignmentRow,
  formName: string,
  formType: string,
): TraineeFormItem => ({
  id: row.id,
  formId: row.formId,
  formName,
  formType: formType as FormType,
  visibleFrom: row.visibleFrom.toISOString(),
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

export const toTraineeFormDetail = (
  row: AssignmentRow,
  formName: string,
  formType: string,
  answers: Record<string, unknown> | null,
): TraineeFormDetail => ({
  ...toTraineeFormItem(row, formName, formType),
  status: row.status as TraineeFormDetail["status"],
  submittedAt: row.submittedAt?.toISOString() ?? null,
  fields: frozenSchemaOf(row.frozenSchema).fields as FormField[],
  values: row.prefill ?? {},
  answers,
});
