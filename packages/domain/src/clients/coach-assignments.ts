import { and, eq, inArray, sql } from "drizzle-orm";
import { CLIENT_MAX_COACHES } from "@studio/contracts";
import { clientCoaches, coaches, type DbOrTx } from "@studio/db";
import { forbidden, validation } from "../errors";
import type { CoachAssignments } from "./client-record";
import type { StudioScope } from "../scope";

/**
 * The ordered coach list of a trainee and its primary: duplicates dropped, a primary that is
 * not listed put first, the primary defaulting to the current one when still listed, else
 * to the first coach (docs/decisions/team-and-trainees.md "Trainees").
 */
export function resolveCoachList(
  coachIds: readonly string[],
  requestedPrimary: string | null | undefined,
  currentPrimary: string | null = null,
): CoachAssignments {
  const list = [...new Set(coachIds)];
  if (requestedPrimary && !list.includes(requestedPrimary)) list.unshift(requestedPrimary);
  const primaryCoachId =
    requestedPrimary ||
    (currentPrimary && list.includes(currentPrimary) ? currentPrimary : null) ||
    list[0] ||
    null;
  if (list.length > CLIENT_MAX_COACHES) throw validation(`coachIds: at most ${CLIENT_MAX_COACHES} coaches`);
  return { coachIds: list, primaryCoachId };
}

/**
 * Coaches being added to a trainee must be active coaches of the studio (VALIDATION unknown
 * team member selected), and a coach with a clientLimit must have room (FORBIDDEN
 * COACH_CLIENT_LIMIT). Run under the studio's client lock so two assignments cannot race.
 */
export async function assertAssignableCoaches(
  tx: DbOrTx,
  scope: StudioScope,
  added: string[],
  clientId: string | null,
): Promise<void> {
  const { studioId } = scope;
  if (added.length === 0) return;
  const rows = await tx
    .select({
      id: coaches.id,
      clientLimit: coaches.clientLimit,
      // Spelled out: Drizzle leaves columns unqualified in the select list of a one-table query.
      assigned: sql<number>`(select count(*)::int from client_coaches as cc join clients as cl on cl.id = cc.client_id
        where cc.coach_id = coaches.id and cl.deleted_at is null and cc.client_id <> ${clientId ?? ""})`,
    })
    .from(coaches)
    .where(and(eq(coaches.studioId, studioId), eq(coaches.active, true), inArray(coaches.id, added)));
  if (rows.length !== new Set(added).size) throw validation("unknown team member selected");
  const full = rows.find((c) => c.clientLimit !== null && c.assigned >= c.clientLimit);
  if (full) {
    throw forbidden("this coach has no room for more clients", {
      reason: "COACH_CLIENT_LIMIT",
      coachId: full.id,
      limit: full.clientLimit,
      count: full.assigned,
    });
  }
}

/** Replaces the trainee's coach assignments with the list (positions in order, one primary). */
export async function writeCoachAssignments(
  tx: DbOrTx,
  scope: StudioScope,
  clientId: string,
  assignments: CoachAssignments,
  replace: boolean,
) {
  const { studioId } = scope;
  if (replace)
    await tx
      .delete(clientCoaches)
      .where(and(eq(clientCoaches.studioId, studioId), eq(clientCoaches.clientId, clientId)));
  if (assignments.coachIds.length === 0) return;
  await tx.insert(clientCoaches).values(
    assignments.coachIds.map((coachId, position) => ({
      studioId,
      clientId,
      coachId,
      position,
      isPrimary: coachId === assignments.primaryCoachId,
    })),
  );
}
