// Who takes part in a calendar operation: the signed-in trainee (previews read only), the coach
// whose slots the trainee sees, a coach of the studio, and who may manage a coach's availability.

import { and, asc, eq, sql } from "drizzle-orm";
import { clientCoaches, clients, coaches, type DbOrTx } from "@studio/db";
import { AppError, forbidden, notFound } from "../errors";
import type { CoachScope, StudioScope, TraineeScope } from "../scope";
import { signedInTrainee } from "../trainee/signed-in-trainee";

/** Preview sessions may only read (the lane guard refuses them first; this keeps the rule in the operation). */
export function refusePreview(scope: TraineeScope): void {
  if (scope.actor.preview)
    throw new AppError("FORBIDDEN", "preview sessions are read-only", { reason: "PREVIEW_READ_ONLY" });
}

/** The signed-in trainee (NOT_FOUND "trainee not found" when deleted). */
export async function loadCalendarTrainee(db: DbOrTx, scope: TraineeScope) {
  const [row] = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(signedInTrainee(scope))
    .limit(1);
  if (!row) throw notFound("trainee");
  return { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() };
}

/**
 * The coach whose slots a trainee sees (document 3): the trainee's assigned coach (the primary
 * one, then the others in their order), else the studio's oldest active HEAD_COACH, else its
 * oldest active coach; dismissed coaches never. One query; null when the studio has no coach.
 */
export async function resolveCalendarCoach(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
): Promise<string | null> {
  const { studioId } = scope;
  const [row] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .leftJoin(
      clientCoaches,
      and(
        eq(clientCoaches.coachId, coaches.id),
        eq(clientCoaches.clientId, clientId),
        eq(clientCoaches.studioId, studioId),
      ),
    )
    .where(and(eq(coaches.studioId, studioId), eq(coaches.active, true)))
    .orderBy(
      sql`(${clientCoaches.id} is null)`,
      sql`${clientCoaches.isPrimary} desc nulls last`,
      asc(clientCoaches.position),
      sql`(${coaches.role} <> 'HEAD_COACH')`,
      asc(coaches.createdAt),
      asc(coaches.id),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Who manages a coach's availability: OWNER and HEAD_COACH any coach of the studio, any other
 * team member only their own (FORBIDDEN "you can manage only your own availability").
 */
export function assertManagesCoach(scope: CoachScope, coachId: string): void {
  const { role, access } = scope.actor;
  if (role === "OWNER" || role === "HEAD_COACH") return;
  if (access.coachId !== null && access.coachId === coachId) return;
  throw forbidden("you can manage only your own availability");
}

/** A coach of the studio (NOT_FOUND "coach not found" for a missing or another studio's id). */
export async function loadStudioCoach(db: DbOrTx, scope: StudioScope, coachId: string) {
  const { studioId } = scope;
  const [row] = await db
    .select({ id: coaches.id, active: coaches.active })
    .from(coaches)
    .where(and(eq(coaches.id, coachId), eq(coaches.studioId, studioId)))
    .limit(1);
  if (!row) throw notFound("coach");
  return row;
}
