import { count, eq, sql } from "drizzle-orm";
import { clients, studios, type DbOrTx } from "@studio/db";
import { forbidden, notFound } from "../errors";
import type { StudioScope } from "../scope";
import { liveTrainees } from "../clients/live-trainee";

/**
 * Serializes limit checks of one studio: a transaction-scoped advisory lock per studio and
 * limit kind, so "count, compare, insert" cannot interleave between two requests (or two
 * replicas). Unlike `select … for update` on the studio row it does not block the many
 * inserts that only reference the studio through a foreign key.
 */
export async function lockStudioLimit(
  tx: DbOrTx,
  scope: StudioScope,
  kind: "seats" | "clients",
): Promise<void> {
  const { studioId } = scope;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`studio-${kind}:${studioId}`}, 0))`);
}

/**
 * Seats: every active Coach row of the studio holds one, the owner's own HEAD_COACH row
 * included (docs/decisions/team-and-trainees.md "Team"). Must run inside the transaction that inserts or
 * reactivates the coach; throws FORBIDDEN PLAN_LIMIT_SEATS when none is free.
 */
export async function assertSeatAvailable(
  tx: DbOrTx,
  scope: StudioScope,
): Promise<{ studioName: string; organizationId: string | null }> {
  const { studioId } = scope;
  await lockStudioLimit(tx, scope, "seats");
  // A new statement after the lock: its snapshot sees every seat committed while we waited.
  const [row] = await tx
    .select({
      name: studios.name,
      organizationId: studios.organizationId,
      limit: studios.seatLimit,
      planId: studios.planId,
      // Spelled out: Drizzle leaves columns unqualified in the select list of a one-table query.
      count: sql<number>`(select count(*)::int from coaches as c where c.studio_id = studios.id and c.active)`,
    })
    .from(studios)
    .where(eq(studios.id, studioId));
  if (!row) throw notFound("studio");
  if (row.limit !== null && row.count >= row.limit) {
    throw forbidden("no free seat on the studio plan", {
      reason: "PLAN_LIMIT_SEATS",
      limit: row.limit,
      count: row.count,
      planId: row.planId,
    });
  }
  return { studioName: row.name, organizationId: row.organizationId };
}

/**
 * The studio's clientLimit caps non-deleted trainees (decisions.md "Trainees"). Same lock
 * discipline as seats; returns the studio's name for messages sent after the insert.
 */
export async function assertClientSlotAvailable(
  tx: DbOrTx,
  scope: StudioScope,
): Promise<{ studioName: string }> {
  const { studioId } = scope;
  await lockStudioLimit(tx, scope, "clients");
  const [studio] = await tx
    .select({ name: studios.name, limit: studios.clientLimit, planId: studios.planId })
    .from(studios)
    .where(eq(studios.id, studioId));
  if (!studio) throw notFound("studio");
  if (studio.limit !== null) {
    const [live] = await tx.select({ count: count() }).from(clients).where(liveTrainees(scope));
    const current = live?.count ?? 0;
    if (current >= studio.limit) {
      throw forbidden("the studio's client limit is reached", {
        reason: "PLAN_LIMIT_CLIENTS",
        limit: studio.limit,
        count: current,
        planId: studio.planId,
      });
    }
  }
  return { studioName: studio.name };
}
