import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import type { TraineeFormItem } from "@studio/contracts";
import { formAssignments, forms, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { checkInsPaused } from "./check-ins-paused";
import { assignmentWithForm, reachableAssignment, toTraineeFormItem } from "./trainee-form-record";

/** At most this many pending forms are listed (oldest visible first). */
export const TRAINEE_FORMS_MAX = 200;

/**
 * `GET /v1/trainee/forms`: the trainee's PENDING assignments visible now (visibleFrom passed),
 * oldest first. Documents to sign are left out (they are opened through their signing link, not
 * in the app), and so are check-ins while the plan is frozen (the forms service's frozen rule).
 */
export async function listTraineeForms(db: Db, scope: TraineeScope): Promise<{ items: TraineeFormItem[] }> {
  const conditions: SQL[] = [
    reachableAssignment(scope)!,
    eq(formAssignments.status, "PENDING"),
    ne(forms.type, "PDF_SIGNATURE"),
  ];
  if (await checkInsPaused(db, scope)) conditions.push(ne(forms.type, "CHECK_IN"));
  const rows = await assignmentWithForm(db)
    .where(and(...conditions))
    .orderBy(asc(formAssignments.visibleFrom), asc(formAssignments.createdAt), asc(formAssignments.id))
    .limit(TRAINEE_FORMS_MAX);
  return { items: rows.map((r) => toTraineeFormItem(r.assignment, r.formName, r.formType)) };
}
