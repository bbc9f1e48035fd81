import { and, eq, sql } from "drizzle-orm";
import { FULL_PERMISSIONS, PermissionsSchema, type Permissions, type WebRole } from "@studio/contracts";
import { coaches, preparedQuery, studios, type DbOrTx } from "@studio/db";
import { forbidden } from "../errors";
import type { CoachAccess, CoachActor, WebCallerStudio } from "../scope";

/**
 * Coach access rules, resolved once per web request into the scope's actor (document 1 "Roles and coach access" and "Permissions blob"): OWNER has
 * full access; an inactive Coach row is refused; no Coach row keeps studio-wide access; a
 * HEAD_COACH holds every permission; a SUB_COACH's blob decides, an invalid blob meaning all.
 */
export async function resolveCoachActor(
  db: DbOrTx,
  auth: { studioId: string; userId: string; role: WebRole },
): Promise<CoachActor> {
  return (await resolveWebCaller(db, auth)).actor;
}

/**
 * The web caller in one statement: the Coach row's access (resolveCoachActor's rules) and the
 * studio's row, which the scope carries so routes that need the studio read no more (a signed
 * web request then costs the one round trip its own query needs, or none for GET /v1/web/studio).
 */
export async function resolveWebCaller(
  db: DbOrTx,
  auth: { studioId: string; userId: string; role: WebRole },
): Promise<{ actor: CoachActor; studio: WebCallerStudio | undefined }> {
  const [row] = await webCallerOf(db).execute({ studioId: auth.studioId, userId: auth.userId });
  const coach = row?.coach;
  const actor = (access: CoachAccess): CoachActor => ({
    kind: "coach",
    userId: auth.userId,
    role: auth.role,
    access,
    coachName: coach?.name ?? null,
  });
  const studio = row?.studio;
  if (auth.role === "OWNER")
    return {
      actor: actor({ kind: "studio", coachId: coach?.id ?? null, permissions: FULL_PERMISSIONS }),
      studio,
    };
  if (!coach)
    return { actor: actor({ kind: "studio", coachId: null, permissions: FULL_PERMISSIONS }), studio };
  if (!coach.active) throw forbidden("this team member has been removed");
  const permissions = effectivePermissions(coach.role, coach.permissions);
  return {
    actor: actor(
      permissions.trainees === "all"
        ? { kind: "studio", coachId: coach.id, permissions }
        : { kind: "assigned", coachId: coach.id, permissions },
    ),
    studio,
  };
}

/** Every web request runs this lookup: built once per handle (see preparedQuery). */
const webCallerOf = (db: DbOrTx) =>
  preparedQuery(db, "web_caller", (on) =>
    on
      .select({
        studio: {
          id: studios.id,
          organizationId: studios.organizationId,
          name: studios.name,
          slug: studios.slug,
          timezone: studios.timezone,
          locale: studios.locale,
          settings: studios.settings,
          crmBoardVersion: studios.crmBoardVersion,
        },
        coach: {
          id: coaches.id,
          name: coaches.name,
          role: coaches.role,
          active: coaches.active,
          permissions: coaches.permissions,
        },
      })
      .from(studios)
      .leftJoin(
        coaches,
        and(eq(coaches.studioId, studios.id), eq(coaches.externalUserId, sql.placeholder("userId"))),
      )
      .where(eq(studios.id, sql.placeholder("studioId")))
      .limit(1)
      .prepare("web_caller"),
  );

export function effectivePermissions(role: string, stored: unknown): Permissions {
  if (role === "HEAD_COACH" || stored == null) return FULL_PERMISSIONS;
  const parsed = PermissionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : FULL_PERMISSIONS;
}
