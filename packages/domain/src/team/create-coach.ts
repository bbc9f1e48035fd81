import type { StudioScope } from "../scope";
import { and, eq } from "drizzle-orm";
import {
  PermissionsSchema,
  SEND_COACH_INVITATION_JOB,
  type CoachCreate,
  type CoachRecord,
  type SendCoachInvitationPayload,
} from "@studio/contracts";
import { coaches, studios, type Db, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { MailMessage } from "../ports";
import { composeCoachName, toCoachRecord } from "./coach-record";
import { memberRoleFor } from "./member-role";
import { assertSeatAvailable } from "./studio-limits";
import { syncOrganizationMember } from "./sync-organization-member";

/** CONFLICT with a clear message; the unique index stays the backstop for PATCH races. */
export async function assertExternalUserIdFree(
  db: DbOrTx,
  scope: StudioScope,
  externalUserId: string,
  exceptCoachId?: string,
) {
  const { studioId } = scope;
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
 * linked to a user, and enqueues the team invitation in the same transaction: the job exists
 * if and only if the member does, and the worker mails it (retried with backoff) after the
 * answer, so a mail provider's failure never fails the request.
 */
export async function createCoach(db: Db, scope: StudioScope, input: CoachCreate): Promise<CoachRecord> {
  const row = await db.transaction(async (tx) => {
    const studio = await assertSeatAvailable(tx, scope);
    if (input.externalUserId) await assertExternalUserIdFree(tx, scope, input.externalUserId);
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
    const invitation: SendCoachInvitationPayload = {
      studioId: scope.studioId,
      coachId: created!.id,
      requestId: scope.requestId,
    };
    await scope.jobs.enqueue(SEND_COACH_INVITATION_JOB, invitation, { tx });
    return created!;
  });
  return toCoachRecord(row);
}

/**
 * The team invitation of a member (the send-coach-invitation job), from the rows as they are
 * when the job runs; null when the member is gone or no longer active (nothing to send).
 */
export async function composeCoachInvitation(
  db: DbOrTx,
  scope: StudioScope,
  input: { coachId: string },
): Promise<MailMessage | null> {
  const [found] = await db
    .select({
      email: coaches.email,
      firstName: coaches.firstName,
      active: coaches.active,
      studioName: studios.name,
    })
    .from(coaches)
    .innerJoin(studios, eq(studios.id, coaches.studioId))
    .where(and(eq(coaches.id, input.coachId), eq(coaches.studioId, scope.studioId)))
    .limit(1);
  if (!found?.active) return null;
  const { email, firstName, studioName } = found;
  return {
    to: email,
    subject: `You're invited to join ${studioName}`,
    text: `Hi ${firstName},\n\n${studioName} added you to its coaching team. Sign in to the studio's web app with this email address (${email}) to get started.`,
  };
}
