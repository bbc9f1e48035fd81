import { and, eq, sql } from "drizzle-orm";
import { organizationMembers, type DbOrTx } from "@studio/db";

export type OrganizationMemberRole = "owner" | "admin" | "member";

/**
 * Upserts the organization member row of a web user. A member whose stored role is owner
 * never changes role: ownership is only transferred in the web app's auth service.
 */
export async function syncOrganizationMember(
  db: DbOrTx,
  input: { studioId: string; userId: string; role: OrganizationMemberRole },
): Promise<void> {
  await db
    .insert(organizationMembers)
    .values(input)
    .onConflictDoUpdate({
      target: [organizationMembers.studioId, organizationMembers.userId],
      set: { role: sql`case when ${organizationMembers.role} = 'owner' then ${organizationMembers.role} else excluded.role end` },
      setWhere: sql`${organizationMembers.role} <> excluded.role`,
    });
}

/** The studio owner is the organization member with role owner. */
export async function findStudioOwnerUserId(db: DbOrTx, studioId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.studioId, studioId), eq(organizationMembers.role, "owner")))
    .limit(1);
  return row?.userId ?? null;
}
