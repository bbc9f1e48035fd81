import { and, eq } from "drizzle-orm";
import { FULL_PERMISSIONS, PermissionsSchema, type Permissions, type WebRole } from "@studio/contracts";
import { coaches, type DbOrTx } from "@studio/db";
import { forbidden } from "../errors";
import type { CoachActor } from "../scope";

/** What a web caller may reach. `assigned` limits trainee reads and writes to their own trainees. */
export type CoachAccess =
  | { kind: "studio"; coachId: string | null; permissions: Permissions }
  | { kind: "assigned"; coachId: string; permissions: Permissions };

/**
 * Coach access rules, resolved once per web request into the scope's actor (document 1 "Roles and coach access" and "Permissions blob"): OWNER has
 * full access; an inactive Coach row is refused; no Coach row keeps studio-wide access; a
 * HEAD_COACH holds every permission; a SUB_COACH's blob decides, an invalid blob meaning all.
 */
export async function resolveCoachActor(
  db: DbOrTx,
  auth: { studioId: string; userId: string; role: WebRole },
): Promise<CoachActor> {
  const [coach] = await db
    .select({
      id: coaches.id,
      name: coaches.name,
      role: coaches.role,
      active: coaches.active,
      permissions: coaches.permissions,
    })
    .from(coaches)
    .where(and(eq(coaches.studioId, auth.studioId), eq(coaches.externalUserId, auth.userId)))
    .limit(1);
  const actor = (access: CoachAccess): CoachActor => ({
    kind: "coach",
    userId: auth.userId,
    role: auth.role,
    access,
    coachName: coach?.name ?? null,
  });
  if (auth.role === "OWNER")
    return actor({ kind: "studio", coachId: coach?.id ?? null, permissions: FULL_PERMISSIONS });
  if (!coach) return actor({ kind: "studio", coachId: null, permissions: FULL_PERMISSIONS });
  if (!coach.active) throw forbidden("this team member has been removed");
  const permissions = effectivePermissions(coach.role, coach.permissions);
  return actor(
    permissions.trainees === "all"
      ? { kind: "studio", coachId: coach.id, permissions }
      : { kind: "assigned", coachId: coach.id, permissions },
  );
}

export function effectivePermissions(role: string, stored: unknown): Permissions {
  if (role === "HEAD_COACH" || stored == null) return FULL_PERMISSIONS;
  const parsed = PermissionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : FULL_PERMISSIONS;
}
