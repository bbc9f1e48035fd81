import { authMembers, authSessions, studios, type Db } from "@studio/db";
import { and, eq, gt, isNull } from "drizzle-orm";

/** A bearer session resolved to our studio: its active organization, the user and their member role there. */
export interface BearerSessionPrincipal {
  /** Our internal studio id (the studio whose organization_id is the session's active organization). */
  studioId: string;
  organizationId: string;
  userId: string;
  /** better-auth's member role: owner, admin, member (or a comma-separated list). */
  memberRole: string;
}

/**
 * Resolves a session token of the coach sign-in system (better-auth's session and member tables,
 * same database) in one statement: an unexpired session with an active organization, the user's
 * membership of that organization, and the non-archived studio linked to the organization. Any
 * missing part (unknown or expired token, no active organization, not a member, no studio) is null.
 */
export async function resolveBearerSession(
  db: Db,
  input: { token: string; now: Date },
): Promise<BearerSessionPrincipal | null> {
  const [row] = await db
    .select({
      studioId: studios.id,
      organizationId: studios.organizationId,
      userId: authSessions.userId,
      memberRole: authMembers.role,
    })
    .from(authSessions)
    .innerJoin(
      authMembers,
      and(
        eq(authMembers.organizationId, authSessions.activeOrganizationId),
        eq(authMembers.userId, authSessions.userId),
      ),
    )
    .innerJoin(studios, eq(studios.organizationId, authSessions.activeOrganizationId))
    .where(
      and(
        eq(authSessions.token, input.token),
        gt(authSessions.expiresAt, input.now),
        isNull(studios.archivedAt),
      ),
    )
    .limit(1);
  return row && row.organizationId !== null ? { ...row, organizationId: row.organizationId } : null;
}
