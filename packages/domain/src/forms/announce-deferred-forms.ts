import { and, asc, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { FormType } from "@studio/contracts";
import { clients, formAssignments, forms, studios, type Db } from "@studio/db";
import type { NotifyInput } from "../notifications/notify";
import { notifyMany } from "../notifications/notify-many";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import { clientIsLive } from "../clients/live-trainee";
import { isTraineeAppLocked } from "../trainee/app-access";

export interface DeferredFormRun {
  /** Assignments announced by this run (FORM_SENT recorded: queued or skipped with a reason). */
  announced: number;
  /** Batches (transactions) the run took. */
  batches: number;
  /** Due assignments left for a later run: the trainee's app is locked (frozen or ended plan). */
  deferredLocked: number;
}

/**
 * The hourly pending-form notifier (document 3 "Forms": a form sent with a blank push flag is
 * announced under the studio's settings once the trainee can open it). Picks PENDING DEFERRED
 * assignments not yet announced whose visibleFrom has passed (form_assignments_deferred_idx),
 * of live trainees in live studios, in batches: per batch one select (rows locked, SKIP LOCKED
 * so a concurrent run takes others), one notifyMany per studio in the batch (FORM_SENT with the
 * form's type: the studio's config, messages per form type, the trainee's muted groups, push
 * tokens) and one update stamping announcedAt, in one transaction. A second run finds nothing.
 * "When the trainee can open it": a trainee whose app is locked (isAppLocked: frozen plan not
 * allowed in the app, or coverage ended) is not announced to; the assignment stays unannounced
 * and the first hourly run after the app opens again (unfrozen, renewed) announces it. The run
 * walks the due rows by (visibleFrom, id), so locked ones never hold up the rest.
 */
export async function announceDeferredForms(
  db: Db,
  scope: PlatformJobScope,
  input: { batchSize?: number } = {},
): Promise<DeferredFormRun> {
  const batchSize = input.batchSize ?? 500;
  const run: DeferredFormRun = { announced: 0, batches: 0, deferredLocked: 0 };
  type Cursor = { visibleFrom: Date; id: string };
  let after: Cursor | null = null;
  for (;;) {
    const cursor: Cursor | null = after;
    const picked: { picked: number; announced: number; last: Cursor | null } = await db.transaction(
      async (tx) => {
        const rows = await tx
          .select({
            id: formAssignments.id,
            visibleFrom: formAssignments.visibleFrom,
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
              cursor
                ? sql`(${formAssignments.visibleFrom}, ${formAssignments.id}) > (${cursor.visibleFrom.toISOString()}::timestamptz, ${cursor.id})`
                : undefined,
            ),
          )
          .orderBy(asc(formAssignments.visibleFrom), asc(formAssignments.id))
          .limit(batchSize)
          .for("update", { of: formAssignments, skipLocked: true });
        if (rows.length === 0) return { picked: 0, announced: 0, last: null };
        const locked = new Set<string>();
        for (const key of new Set(rows.map((row) => `${row.studioId}/${row.clientId}`))) {
          const [studioId, clientId] = key.split("/") as [string, string];
          if (await isTraineeAppLocked(tx, { studioId, clientId }, scope.now)) locked.add(clientId);
        }
        const last = rows.at(-1)!;
        const openable = rows.filter((row) => !locked.has(row.clientId));
        const byStudio = new Map<string, typeof rows>();
        for (const row of openable) byStudio.set(row.studioId, [...(byStudio.get(row.studioId) ?? []), row]);
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
        if (openable.length)
          await tx
            .update(formAssignments)
            .set({ announcedAt: scope.now })
            .where(
              inArray(
                formAssignments.id,
                openable.map((r) => r.id),
              ),
            );
        return { picked: rows.length, announced: openable.length, last };
      },
    );
    if (picked.picked === 0) break;
    run.batches += 1;
    run.announced += picked.announced;
    run.deferredLocked += picked.picked - picked.announced;
    if (picked.picked < batchSize) break;
    after = { visibleFrom: picked.last!.visibleFrom, id: picked.last!.id };
  }
  return run;
}
