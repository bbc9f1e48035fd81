import type { DbOrTx } from "@studio/db";
import type { CoachScope } from "../scope";
import { forbidden } from "../errors";
import { findStudioOwnerUserIds } from "./sync-organization-member";

/**
 * Owner protection on PATCH and DELETE /v1/web/coaches/:id (document 1), in its three steps:
 * your own row is always yours; the owner's row is only the owner's; when no owner is known,
 * only an OWNER may change another HEAD_COACH.
 */
export async function assertMayChangeCoach(
  db: DbOrTx,
  scope: CoachScope,
  target: { externalUserId: string | null; role: string },
): Promise<void> {
  if (target.externalUserId !== null && target.externalUserId === scope.actor.userId) return;
  const ownerUserIds = await findStudioOwnerUserIds(db, scope);
  if (ownerUserIds.length > 0) {
    if (target.externalUserId !== null && ownerUserIds.includes(target.externalUserId)) {
      throw forbidden("only the studio owner can change their own profile");
    }
    return;
  }
  if (target.role === "HEAD_COACH" && scope.actor.role !== "OWNER")
    throw forbidden("cannot change another admin on this team");
}
