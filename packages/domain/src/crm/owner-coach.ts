import { and, eq } from "drizzle-orm";
import { coaches, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";

/** The message of the database's foreign-key answer (23503), which a missing coach id gets. */
export const OWNER_COACH_CONFLICT = "related resource constraint failed";

/**
 * A lead's ownerCoachId must name a coach of the caller's studio. Document 1 says it is "not
 * checked against the studio" and that an id that is no Coach fails the foreign key (CONFLICT);
 * another studio's coach id passed that key and was stored — a reference across tenants, and an
 * oracle telling other studios' coach ids from missing ones. Deliberate deviation
 * (docs/decisions/crm.md "Lead owner"): a foreign id answers exactly like a missing one, 409
 * CONFLICT "related resource constraint failed". null (no owner) passes.
 */
export async function assertOwnerCoach(
  db: DbOrTx,
  scope: StudioScope,
  ownerCoachId: string | null | undefined,
): Promise<void> {
  if (ownerCoachId === null || ownerCoachId === undefined) return;
  const [coach] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.id, ownerCoachId), eq(coaches.studioId, scope.studioId)))
    .limit(1);
  if (!coach) throw new AppError("CONFLICT", OWNER_COACH_CONFLICT);
}
