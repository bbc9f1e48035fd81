import { and, eq, sql } from "drizzle-orm";
import { coaches, organizationMembers, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";

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
      set: {
        role: sql`case when ${organizationMembers.role} = 'owner' then ${organizationMembers.role} else excluded.role end`,
      },
      setWhere: sql`${organizationMembers.role} <> excluded.role`,
    });
}

/**
 * Every organization member with role owner (normally one; an OWNER seen on the web lane is
 * promoted too, so a studio can hold several). Owner protection treats each as the owner.
 */
export async function findStudioOwnerUserIds(db: DbOrTx, scope: StudioScope): Promise<string[]> {
  const { studioId } = scope;
  const rows = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.studioId, studioId), eq(organizationMembers.role, "owner")));
  return rows.map((row) => row.userId);
}

/**
 * The web context's part of the sync: a user seen on the web lane gets a member row when
 * none exists, and OWNER promotes to owner. It never demotes or re-derives a role (coach
 * writes own that mapping), and never recreates the row of a dismissed coach.
 */
export async function recordWebMember(
  db: DbOrTx,
  input: { studioId: string; userId: string; role: OrganizationMemberRole },
): Promise<void> {
  await db.execute(sql`
    insert into ${organizationMembers} (id, studio_id, user_id, role)
    select gen_random_uuid()::text, ${input.studioId}, ${input.userId}, ${input.role}
    where not exists (
      select 1 from ${coaches}
      where ${coaches.studioId} = ${input.studioId} and ${coaches.externalUserId} = ${input.userId} and ${coaches.active} = false
    )
    on conflict (studio_id, user_id) do update set role = 'owner', updated_at = now()
      where excluded.role = 'owner' and ${organizationMembers.role} <> 'owner'`);
}
