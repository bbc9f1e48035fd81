import { and, eq, sql } from "drizzle-orm";
import type { FormResponseRecord } from "@studio/contracts";
import { clients, dailyMetrics, formAssignments, formResponses, studios, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import { emitFormFilled } from "../webhooks/emit-form-filled";
import { releaseHeldProgramsOnIntake } from "../programs/release-held-program";
import type { StudioScope } from "../scope";
import { localParts, pickTimeZone } from "../time/zoned-time";
import type { ValidatedAnswers } from "./validate-answers";

type FormResponseRow = typeof formResponses.$inferSelect;

export const toFormResponseRecord = (row: FormResponseRow): FormResponseRecord => ({
  id: row.id,
  assignmentId: row.assignmentId,
  formId: row.formId,
  clientId: row.clientId,
  answers: (row.answers ?? {}) as Record<string, unknown>,
  documentUrl: row.documentUrl,
  submittedAt: row.submittedAt.toISOString(),
});

/**
 * Completes a PENDING assignment with validated answers, in the caller's transaction (the app
 * submit now, the public signing page later with the signed PDF's documentUrl): the response row,
 * the assignment SUBMITTED, measurement answers merged into the trainee's daily metrics of the
 * local day (trainee zone, studio zone, Asia/Jerusalem), FORM_FILLED deliveries enqueued, and for
 * an INTAKE form the release of programs held for this response. The caller has locked the
 * assignment row and checked it is PENDING; the update re-checks it (CONFLICT otherwise), and the
 * unique response per assignment backs that up.
 */
export async function completeFormAssignment(
  tx: DbOrTx,
  scope: StudioScope,
  input: {
    assignment: { id: string; formId: string; clientId: string };
    formType: string;
    validated: ValidatedAnswers;
    documentUrl?: string | null;
  },
): Promise<FormResponseRecord> {
  const { studioId, now } = scope;
  const { assignment } = input;
  const updated = await tx
    .update(formAssignments)
    .set({ status: "SUBMITTED", submittedAt: now })
    .where(
      and(
        eq(formAssignments.id, assignment.id),
        eq(formAssignments.studioId, studioId),
        eq(formAssignments.status, "PENDING"),
      ),
    )
    .returning({ id: formAssignments.id });
  if (updated.length === 0) throw new AppError("CONFLICT", "form already submitted");
  const [response] = await tx
    .insert(formResponses)
    .values({
      studioId,
      formId: assignment.formId,
      clientId: assignment.clientId,
      answers: input.validated.answers,
      assignmentId: assignment.id,
      documentUrl: input.documentUrl ?? null,
      submittedAt: now,
      createdAt: now,
    })
    .returning();

  const measurements = input.validated.measurements;
  if (Object.keys(measurements).length > 0) {
    const [zones] = await tx
      .select({ trainee: clients.timezone, studio: studios.timezone })
      .from(clients)
      .innerJoin(studios, eq(studios.id, clients.studioId))
      .where(and(eq(clients.id, assignment.clientId), eq(clients.studioId, studioId)))
      .limit(1);
    const day = localParts(now, pickTimeZone(zones?.trainee, zones?.studio, "Asia/Jerusalem")).date;
    const merge = JSON.stringify(measurements);
    await tx
      .insert(dailyMetrics)
      .values({
        studioId,
        clientId: assignment.clientId,
        date: day,
        measurements,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [dailyMetrics.clientId, dailyMetrics.date],
        set: {
          measurements: sql`${dailyMetrics.measurements} || ${merge}::jsonb`,
          updatedAt: now,
        },
      });
  }

  await emitFormFilled(tx, scope, { responseId: response!.id });
  if (input.formType === "INTAKE")
    await releaseHeldProgramsOnIntake(tx, scope, { clientId: response!.clientId, responseId: response!.id });
  return toFormResponseRecord(response!);
}
