// A form sent to the signed-in trainee as the app reads it: which assignments it may reach, the
// assignment with its form's name and type, and the list and detail answers.

import { and, eq, lte, ne } from "drizzle-orm";
import type { FormField, FormType, TraineeFormDetail, TraineeFormItem } from "@studio/contracts";
import { formAssignments, forms, type DbOrTx } from "@studio/db";
import type { TraineeScope } from "../scope";
import { frozenSchemaOf } from "./form-assignment-record";

type AssignmentRow = typeof formAssignments.$inferSelect;

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
