import { and, eq } from "drizzle-orm";
import { FULL_PERMISSIONS, PermissionsSchema, type Permissions, type WebRole } from "@studio/contracts";
import { coaches, type DbOrTx } from "@studio/db";
import { forbidden } from "../errors";

/** What a web caller may reach. `assigned` limits trainee reads and writes to their own trainees. */
export type CoachAccess =
  | { kind: "studio"; coachId: string | null; permissions: Permissions }
  | { kind: "assigned"; coachId: string; permissions: Permissions };

/**
 * Coach access rules (document 1 "Roles and coach access" and "Permissions blob"): OWNER has
 * full access; an inactive Coach row is refused; no Coach row keeps studio-wide access; a
 * HEAD_COACH holds every permission; a SUB_COACH's blob decides, an invalid blob meaning all.
 */
export async function resolveCoachAccess(
  db: DbOrTx,
  auth: { studioId: string; userId: string; role: WebRole },
): Promise<CoachAccess> {
  const [coach] = await db
    .select({ id: coaches.id, role: coaches.role, active: coaches.active, permissions: coaches.permissions })
    .from(coaches)
    .where(and(eq(coaches.studioId, auth.studioId), eq(coaches.externalUserId, auth.userId)))
    .limit(1);
  if (auth.role === "OWNER")
    return { kind: "studio", coachId: coach?.id ?? null, permissions: FULL_PERMISSIONS };
  if (!coach) return { kind: "studio", coachId: null, permissions: FULL_PERMISSIONS };
  if (!coach.active) throw forbidden("this team member has been removed");
  const permissions = effectivePermissions(coach.role, coach.permissions);
  return permissions.trainees === "all"
    ? { kind: "studio", coachId: coach.id, permissions }
    : { kind: "assigned", coachId: coach.id, permissions };
}

export function effectivePermissions(role: string, stored: unknown): Permissions {
  if (role === "HEAD_COACH" || stored == null) return FULL_PERMISSIONS;
  const parsed = PermissionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : FULL_PERMISSIONS;
}
