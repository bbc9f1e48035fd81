import { and, arrayContains, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { OPEN_TASK_STATUSES, type CoachDismiss, type CoachDismissResult } from "@studio/contracts";
import {
  clientCoaches,
  clients,
  coaches,
  organizationMembers,
  taskAutomations,
  tasks,
  type Db,
  type Tx,
} from "@studio/db";
import { AppError, validation } from "../errors";
import { loadCoach, toCoachRecord } from "./coach-record";
import { cleanReplacementIds, planDismissal, type TraineeCoachList } from "./dismissal-plan";
import { assertMayChangeCoach } from "./owner-protection";
import type { CoachScope } from "../scope";
import type { StudioScope } from "../scope";
import { liveTraineeOf } from "../clients/live-trainee";

/** Document 1 "Limits": coach dismissal transaction timeout. */
export const DISMISSAL_TIMEOUT_MS = 30_000;

/**
 * `DELETE /v1/web/coaches/:id` (document 1, steps 1-6), all in one transaction with a 30 s
 * timeout: owner protection; replacement validation; open tasks and assigned trainees loaded
 * oldest first; the coach swapped round-robin (or removed), unassigned tasks DISMISSED; the
 * coach removed from task automation assignee lists; the row kept with active false; the
 * organization member deleted unless it is the owner. Nothing is sent to anyone.
 */
export async function dismissCoach(
  db: Db,
  scope: CoachScope,
  input: CoachDismiss,
  options: { timeoutMs?: number } = {},
): Promise<CoachDismissResult> {
  const { now } = scope;
  const timeoutMs = Math.trunc(options.timeoutMs ?? DISMISSAL_TIMEOUT_MS);
  return db.transaction(async (tx) => {
    // statement_timeout bounds each statement; the deadline bounds the sum of them.
    const deadline = performance.now() + timeoutMs; // elapsed time (monotonic), not the business clock
    const withinDeadline = () => {
      if (performance.now() > deadline)
        throw new AppError("SERVICE_UNAVAILABLE", "the request took too long");
    };
    await tx.execute(sql.raw(`set local statement_timeout = '${timeoutMs}ms'`));

    // 1. Load and check owner protection.
    const coach = await loadCoach(tx, scope, input.id, { forUpdate: true });
    await assertMayChangeCoach(tx, scope, coach);

    // 2. Replacement lists.
    const taskReplacements =
      input.tasks.mode === "reassign" ? cleanReplacementIds(input.tasks.coachIds, coach.id) : null;
    const traineeReplacements =
      input.clients.mode === "reassign" ? cleanReplacementIds(input.clients.coachIds, coach.id) : null;
    await assertActiveTeamMembers(tx, scope, [taskReplacements, traineeReplacements]);
    withinDeadline();

    // 3. Open tasks listing the coach and the trainees assigned to the coach, oldest first.
    const openTasks = await tx
      .select({ id: tasks.id, coachIds: tasks.coachIds })
      .from(tasks)
      .where(
        and(
          eq(tasks.studioId, scope.studioId),
          inArray(tasks.status, [...OPEN_TASK_STATUSES]),
          arrayContains(tasks.coachIds, [coach.id]),
        ),
      )
      .orderBy(asc(tasks.createdAt), asc(tasks.id));
    const { trainees, dismissedPosition } = await loadAssignedTrainees(tx, scope, coach.id);
    withinDeadline();

    // 4. The plan.
    const plan = planDismissal({
      coachId: coach.id,
      tasks: openTasks,
      trainees,
      taskReplacements,
      traineeReplacements,
    });

    // 5. Apply.
    if (plan.discardedTaskIds.length > 0) {
      await tx
        .update(tasks)
        .set({ status: "DISMISSED", resolvedAt: now, coachIds: [], updatedAt: now })
        .where(and(eq(tasks.studioId, scope.studioId), inArray(tasks.id, plan.discardedTaskIds)));
    }
    if (plan.reassignedTasks.length > 0) {
      await tx.execute(sql`
        update tasks as t
        set coach_ids = array(select jsonb_array_elements_text(v."coachIds")), updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(plan.reassignedTasks)}::jsonb) as v(id text, "coachIds" jsonb)
        where t.id = v.id and t.studio_id = ${scope.studioId}`);
    }
    withinDeadline();
    await tx
      .delete(clientCoaches)
      .where(and(eq(clientCoaches.studioId, scope.studioId), eq(clientCoaches.coachId, coach.id)));
    const added = plan.trainees.filter((t) => t.addedCoachId !== null);
    if (added.length > 0) {
      await tx
        .insert(clientCoaches)
        .values(
          added.map((t) => ({
            studioId: scope.studioId,
            clientId: t.clientId,
            coachId: t.addedCoachId!,
            position: dismissedPosition.get(t.clientId) ?? 0,
          })),
        )
        .onConflictDoNothing({ target: [clientCoaches.clientId, clientCoaches.coachId] });
    }
    const newPrimaries = plan.trainees.filter((t) => t.primaryChanged && t.primaryCoachId !== null);
    if (newPrimaries.length > 0) {
      const pairs = newPrimaries.map((t) => ({ clientId: t.clientId, coachId: t.primaryCoachId }));
      await tx.execute(sql`
        update client_coaches as cc set is_primary = (cc.coach_id = v."coachId")
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v("clientId" text, "coachId" text)
        where cc.client_id = v."clientId" and cc.studio_id = ${scope.studioId}`);
    }
    await tx
      .update(taskAutomations)
      .set({
        assigneeCoachIds: sql`array_remove(${taskAutomations.assigneeCoachIds}, ${coach.id})`,
        updatedAt: now,
      })
      .where(
        and(
          eq(taskAutomations.studioId, scope.studioId),
          arrayContains(taskAutomations.assigneeCoachIds, [coach.id]),
        ),
      );
    withinDeadline();
    const [dismissed] = await tx
      .update(coaches)
      .set({ active: false, updatedAt: now })
      .where(and(eq(coaches.id, coach.id), eq(coaches.studioId, scope.studioId)))
      .returning();
    if (coach.externalUserId) {
      await tx
        .delete(organizationMembers)
        .where(
          and(
            eq(organizationMembers.studioId, scope.studioId),
            eq(organizationMembers.userId, coach.externalUserId),
            ne(organizationMembers.role, "owner"),
          ),
        );
    }
    withinDeadline();
    return { coach: toCoachRecord(dismissed!), ...plan.counters };
  });
}

/** Step 2: a reassign list must not end empty and may only name active coaches of the studio. */
async function assertActiveTeamMembers(
  tx: Tx,
  scope: StudioScope,
  lists: (string[] | null)[],
): Promise<void> {
  const { studioId } = scope;
  if (lists.some((list) => list !== null && list.length === 0))
    throw validation("select at least one other team member");
  const wanted = [...new Set(lists.flatMap((list) => list ?? []))];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.studioId, studioId), eq(coaches.active, true), inArray(coaches.id, wanted)));
  if (found.length !== wanted.length) throw validation("unknown team member selected");
}

/** Every coach list of the trainees (non-deleted) assigned to the coach, oldest trainee first. */
async function loadAssignedTrainees(tx: Tx, scope: StudioScope, coachId: string) {
  const { studioId } = scope;
  const assignedToCoach = tx
    .select({ clientId: clientCoaches.clientId })
    .from(clientCoaches)
    .where(and(eq(clientCoaches.studioId, studioId), eq(clientCoaches.coachId, coachId)));
  const rows = await tx
    .select({
      clientId: clientCoaches.clientId,
      coachId: clientCoaches.coachId,
      isPrimary: clientCoaches.isPrimary,
      position: clientCoaches.position,
    })
    .from(clientCoaches)
    .innerJoin(clients, liveTraineeOf(scope, clientCoaches.clientId))
    .where(and(eq(clientCoaches.studioId, studioId), inArray(clientCoaches.clientId, assignedToCoach)))
    .orderBy(
      asc(clients.createdAt),
      asc(clients.id),
      asc(clientCoaches.position),
      asc(clientCoaches.createdAt),
      asc(clientCoaches.id),
    );
  const byClient = new Map<string, TraineeCoachList>();
  const dismissedPosition = new Map<string, number>();
  for (const row of rows) {
    let trainee = byClient.get(row.clientId);
    if (!trainee)
      byClient.set(row.clientId, (trainee = { clientId: row.clientId, coachIds: [], primaryCoachId: null }));
    trainee.coachIds.push(row.coachId);
    if (row.isPrimary) trainee.primaryCoachId = row.coachId;
    if (row.coachId === coachId) dismissedPosition.set(row.clientId, row.position);
  }
  return { trainees: [...byClient.values()], dismissedPosition };
}
