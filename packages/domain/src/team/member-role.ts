import { and, eq, ne, sql } from "drizzle-orm";
import { organizationMembers, studios, type DbOrTx } from "@studio/db";
import type { OrganizationMemberRole } from "./sync-organization-member";

/** permissionGroup values (case-insensitive) that make a member an organization admin. */
export const ADMIN_PERMISSION_GROUPS = [
  "admin",
  "administrator",
  "manager",
  "head_coach",
  "head coach",
] as const;

/**
 * The organization member role a Coach row derives (docs/decisions/team-and-trainees.md "Team"): a HEAD_COACH,
 * or a member of an admin-like permission group, is admin; everyone else is member. Nothing
 * derives owner: ownership only moves in the web app's auth service.
 */
export function memberRoleFor(coach: {
  role: string;
  permissionGroup: string | null;
}): Exclude<OrganizationMemberRole, "owner"> {
  if (coach.role === "HEAD_COACH") return "admin";
  const group = coach.permissionGroup?.trim().toLowerCase();
  return group && (ADMIN_PERMISSION_GROUPS as readonly string[]).includes(group) ? "admin" : "member";
}

/**
 * Coach writes after create: updates the existing member row's role when the studio is linked
 * to an organization (never a member with role owner, never recreating a deleted row:
 * document 1 "PATCH /v1/web/coaches/:id" and "States and transitions").
 */
export async function updateOrganizationMemberRole(
  db: DbOrTx,
  input: { studioId: string; userId: string; role: Exclude<OrganizationMemberRole, "owner"> },
): Promise<void> {
  await db
    .update(organizationMembers)
    .set({ role: input.role })
    .where(
      and(
        eq(organizationMembers.studioId, input.studioId),
        eq(organizationMembers.userId, input.userId),
        ne(organizationMembers.role, "owner"),
        ne(organizationMembers.role, input.role),
        sql`exists (select 1 from ${studios} where ${studios.id} = ${input.studioId} and ${studios.organizationId} is not null)`,
      ),
    );
}
