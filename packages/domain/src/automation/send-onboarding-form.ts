import { and, eq } from "drizzle-orm";
import { clients, formAssignments, type Db } from "@studio/db";
import { AppError } from "../errors";
import { assignForm } from "../forms/assign-form";
import type { ApiKeyScope } from "../scope";

/**
 * The onboarding form of `POST /v1/automation/trainees` (document 3): sent with its normal push
 * unless the trainee already has a PENDING assignment of it. Runs after the trainee's
 * transaction committed, in its own, with the trainee row locked so that two calls for the same
 * trainee cannot both send it. A failure is logged (ids and the error code only, no personal
 * data) and never fails the call. Returns whether an assignment was created.
 */
export async function sendOnboardingForm(
  db: Db,
  scope: ApiKeyScope,
  input: { clientId: string; formId: string },
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, input.clientId), eq(clients.studioId, scope.studioId)))
        .for("update");
      const [pending] = await tx
        .select({ id: formAssignments.id })
        .from(formAssignments)
        .where(
          and(
            eq(formAssignments.studioId, scope.studioId),
            eq(formAssignments.clientId, input.clientId),
            eq(formAssignments.formId, input.formId),
            eq(formAssignments.status, "PENDING"),
          ),
        )
        .limit(1);
      if (pending) return false;
      // assignForm's own transaction is a savepoint of this one: a refusal rolls back both.
      await assignForm(tx, scope, {
        clientId: input.clientId,
        formId: input.formId,
        push: true,
        source: "onboarding",
      });
      return true;
    });
  } catch (error) {
    scope.logger.warn("onboarding form not sent", {
      requestId: scope.requestId,
      clientId: input.clientId,
      formId: input.formId,
      code: error instanceof AppError ? error.code : "INTERNAL",
      reason: error instanceof AppError ? error.message : undefined,
    });
    return false;
  }
}
