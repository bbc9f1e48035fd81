import { and, asc, eq, inArray, isNull, lte, ne } from "drizzle-orm";
import type { FormType } from "@studio/contracts";
import { clients, formAssignments, forms, studios, type Db } from "@studio/db";
import type { NotifyInput } from "../notifications/notify";
import { notifyMany } from "../notifications/notify-many";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import { clientIsLive } from "../clients/live-trainee";

export interface DeferredFormRun {
  /** Assignments announced by this run (FORM_SENT recorded: queued or skipped with a reason). */
  announced: number;
  /** Batches (transactions) the run took. */
  batches: number;
}

/**
 * The hourly pending-form notifier (document 3 "Forms": a form sent with a blank push flag is
 * announced under the studio's settings once the trainee can open it). Picks PENDING DEFERRED
 * assignments not yet announced whose visibleFrom has passed (form_assignments_deferred_idx),
 * of live trainees in live studios, in batches: per batch one select (rows locked, SKIP LOCKED
 * so a concurrent run takes others), one notifyMany per studio in the batch (FORM_SENT with the
 * form's type: the studio's config, messages per form type, the trainee's muted groups, push
 * tokens) and one update stamping announcedAt, in one transaction. A second run finds nothing.
 */
export async function announceDeferredForms(
  db: Db,
  scope: PlatformJobScope,
  input: { batchSize?: number } = {},
): Promise<DeferredFormRun> {
  const batchSize = input.batchSize ?? 500;
  const run: DeferredFormRun = { announced: 0, batches: 0 };
  for (;;) {
    const picked = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: formAssignments.id,
          studioId: formAssignments.studioId,
          clientId: formAssignments.clientId,
          formId: formAssignments.formId,
          formName: forms.name,
          formType: forms.type,
          studioName: studios.name,
        })
        .from(formAssignments)
        .innerJoin(forms, eq(forms.id, formAssignments.formId))
        .innerJoin(clients, eq(clients.id, formAssignments.clientId))
        .innerJoin(studios, eq(studios.id, formAssignments.studioId))
        .where(
          and(
            eq(formAssignments.pushMode, "DEFERRED"),
            isNull(formAssignments.announcedAt),
            eq(formAssignments.status, "PENDING"),
            lte(formAssignments.visibleFrom, scope.now),
            ne(forms.type, "PDF_SIGNATURE"),
            clientIsLive(),
            eq(clients.studioId, formAssignments.studioId),
            isNull(studios.archivedAt),
          ),
        )
        .orderBy(asc(formAssignments.visibleFrom), asc(formAssignments.id))
        .limit(batchSize)
        .for("update", { of: formAssignments, skipLocked: true });
      if (rows.length === 0) return 0;
      const byStudio = new Map<string, typeof rows>();
      for (const row of rows) byStudio.set(row.studioId, [...(byStudio.get(row.studioId) ?? []), row]);
      for (const [studioId, studioRows] of byStudio)
        await notifyMany(
          tx,
          { ...scope, studioId },
          studioRows.map((row): NotifyInput => ({
            clientId: row.clientId,
            type: "FORM_SENT",
            formType: row.formType as FormType,
            formId: row.formId,
            variables: { form: row.formName, coach: row.studioName },
            data: { assignmentId: row.id },
          })),
        );
      await tx
        .update(formAssignments)
        .set({ announcedAt: scope.now })
        .where(
          inArray(
            formAssignments.id,
            rows.map((r) => r.id),
          ),
        );
      return rows.length;
    });
    if (picked === 0) break;
    run.batches += 1;
    run.announced += picked;
    if (picked < batchSize) break;
  }
  return run;
}
