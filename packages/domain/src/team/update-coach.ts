import { and, eq } from "drizzle-orm";
import { PermissionsSchema, type CoachRecord, type CoachUpdate } from "@studio/contracts";
import { coaches, type Db } from "@studio/db";
import { composeCoachName, loadCoach, toCoachRecord, type CoachRow } from "./coach-record";
import { assertExternalUserIdFree } from "./create-coach";
import { memberRoleFor, updateOrganizationMemberRole } from "./member-role";
import { assertMayChangeCoach } from "./owner-protection";
import type { CoachScope } from "../scope";
import { assertSeatAvailable } from "./studio-limits";

/**
 * `PATCH /v1/web/coaches/:id`: owner protection, a seat re-check when active true reactivates
 * a dismissed member, then in one transaction the row update (name recomposed from first and
 * last name) and the organization member role sync (never an owner, never a recreated row).
 */
export async function updateCoach(db: Db, scope: CoachScope, input: CoachUpdate): Promise<CoachRecord> {
  return db.transaction(async (tx) => {
    const current = await loadCoach(tx, scope, input.id, { forUpdate: true });
    await assertMayChangeCoach(tx, scope, current);
    if (input.active === true && !current.active) await assertSeatAvailable(tx, scope);
    if (input.externalUserId !== undefined && input.externalUserId !== current.externalUserId) {
      await assertExternalUserIdFree(tx, scope, input.externalUserId, current.id);
    }
    const patch: Partial<CoachRow> = {};
    for (const key of [
      "email",
      "phone",
      "role",
      "jobTitle",
      "permissionGroup",
      "externalUserId",
      "clientLimit",
      "active",
    ] as const) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
    }
    if (input.firstName !== undefined || input.lastName !== undefined) {
      patch.firstName = input.firstName ?? current.firstName;
      patch.lastName = input.lastName ?? current.lastName;
      patch.name = composeCoachName(patch.firstName, patch.lastName);
    }
    // A submitted blob replaces the stored one; its missing members take their defaults.
    if (input.permissions !== undefined) patch.permissions = PermissionsSchema.parse(input.permissions);
    const [updated] = await tx
      .update(coaches)
      .set({ ...patch, updatedAt: scope.now })
      .where(and(eq(coaches.id, current.id), eq(coaches.studioId, scope.studioId)))
      .returning();
    if (updated!.externalUserId) {
      await updateOrganizationMemberRole(tx, {
        studioId: scope.studioId,
        userId: updated!.externalUserId,
        role: memberRoleFor(updated!),
      });
    }
    return toCoachRecord(updated!);
  });
}
