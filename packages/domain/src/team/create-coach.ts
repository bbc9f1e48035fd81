import type { StudioScope } from "../scope";
import { and, eq } from "drizzle-orm";
import { PermissionsSchema, type CoachCreate, type CoachRecord } from "@studio/contracts";
import { coaches, type Db, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { DomainPorts } from "../ports";
import { composeCoachName, toCoachRecord } from "./coach-record";
import { fireAndForget } from "./fire-and-forget";
import { memberRoleFor } from "./member-role";
import { assertSeatAvailable } from "./studio-limits";
import { syncOrganizationMember } from "./sync-organization-member";

/** CONFLICT with a clear message; the unique index stays the backstop for PATCH races. */
export async function assertExternalUserIdFree(
  db: DbOrTx,
  studioId: string,
  externalUserId: string,
  exceptCoachId?: string,
) {
  const [taken] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, externalUserId)))
    .limit(1);
  if (taken && taken.id !== exceptCoachId) {
    throw new AppError("CONFLICT", "a team member with this externalUserId already exists", {
      coachId: taken.id,
    });
  }
}

/**
 * `POST /v1/web/coaches`: inserts the Coach under the studio's seat lock (FORBIDDEN
 * PLAN_LIMIT_SEATS when no seat is free), syncs the organization member when the row is
 * linked to a user, then sends the team invitation fire and forget (a failure is only logged).
 */
export async function createCoach(
  db: Db,
  scope: StudioScope,
  input: CoachCreate,
  ports: Pick<DomainPorts, "mailer">,
): Promise<CoachRecord> {
  const { row, studioName } = await db.transaction(async (tx) => {
    const studio = await assertSeatAvailable(tx, scope.studioId);
    if (input.externalUserId) await assertExternalUserIdFree(tx, scope.studioId, input.externalUserId);
    const [created] = await tx
      .insert(coaches)
      .values({
        studioId: scope.studioId,
        externalUserId: input.externalUserId ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        name: composeCoachName(input.firstName, input.lastName),
        email: input.email,
        phone: input.phone,
        role: input.role ?? "SUB_COACH",
        jobTitle: input.jobTitle ?? null,
        permissionGroup: input.permissionGroup ?? null,
        permissions: PermissionsSchema.parse(input.permissions ?? {}),
        clientLimit: input.clientLimit ?? null,
      })
      .returning();
    if (created!.externalUserId && studio.organizationId) {
      await syncOrganizationMember(tx, {
        studioId: scope.studioId,
        userId: created!.externalUserId,
        role: memberRoleFor(created!),
      });
    }
    return { row: created!, studioName: studio.studioName };
  });
  fireAndForget(
    () =>
      ports.mailer.send({
        to: row.email,
        subject: `You're invited to join ${studioName}`,
        text: `Hi ${row.firstName},\n\n${studioName} added you to its coaching team. Sign in to the studio's web app with this email address (${row.email}) to get started.`,
      }),
    "team invitation email",
    scope.logger,
  );
  return toCoachRecord(row);
}
