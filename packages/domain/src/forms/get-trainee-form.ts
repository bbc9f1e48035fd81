import { and, eq } from "drizzle-orm";
import type { TraineeFormDetail } from "@studio/contracts";
import { formAssignments, formResponses, type Db } from "@studio/db";
import { AppError, notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { CHECK_INS_PAUSED_MESSAGE, checkInsPaused } from "./check-ins-paused";
import { assignmentWithForm, reachableAssignment, toTraineeFormDetail } from "./trainee-form-record";

/**
 * `GET /v1/trainee/forms/:assignmentId`: one of the trainee's assignments visible now (pending or
 * submitted) with the fields frozen when it was sent, the note, the coach's values and, once
 * submitted, the answers. Another trainee's or studio's id, a canceled assignment or one not
 * visible yet answers 404 "form not found"; a pending check-in while the plan is frozen APP_LOCKED.
 */
export async function getTraineeForm(
  db: Db,
  scope: TraineeScope,
  input: { assignmentId: string },
): Promise<TraineeFormDetail> {
  const [row] = await assignmentWithForm(db)
    .where(and(reachableAssignment(scope), eq(formAssignments.id, input.assignmentId)))
    .limit(1);
  if (!row) throw notFound("form");
  const { assignment } = row;
  if (assignment.status === "PENDING" && row.formType === "CHECK_IN" && (await checkInsPaused(db, scope)))
    throw new AppError("APP_LOCKED", CHECK_INS_PAUSED_MESSAGE);
  let answers: Record<string, unknown> | null = null;
  if (assignment.status === "SUBMITTED") {
    const [response] = await db
      .select({ answers: formResponses.answers })
      .from(formResponses)
      .where(and(eq(formResponses.assignmentId, assignment.id), eq(formResponses.studioId, scope.studioId)))
      .limit(1);
    answers = (response?.answers as Record<string, unknown> | undefined) ?? {};
  }
  return toTraineeFormDetail(assignment, row.formName, row.formType, answers);
}
