import type { WebRole } from "@studio/contracts";
import type { DbOrTx } from "@studio/db";
import { forbidden } from "../errors";
import { findStudioOwnerUserIds } from "./sync-organization-member";

export interface TeamCaller {
  studioId: string;
  userId: string;
  role: WebRole;
}

/**
 * Owner protection on PATCH and DELETE /v1/web/coaches/:id (document 1), in its three steps:
 * your own row is always yours; the owner's row is only the owner's; when no owner is known,
 * only an OWNER may change another HEAD_COACH.
 */
export async function assertMayChangeCoach(
  db: DbOrTx,
  caller: TeamCaller,
  target: { externalUserId: string | null; role: string },
): Promise<void> {
  if (target.externalUserId !== null && target.externalUserId === caller.userId) return;
  const ownerUserIds = await findStudioOwnerUserIds(db, caller.studioId);
  if (ownerUserIds.length > 0) {
    if (target.externalUserId !== null && ownerUserIds.includes(target.externalUserId)) {
      throw forbidden("only the studio owner can change their own profile");
    }
    return;
  }
  if (target.role === "HEAD_COACH" && caller.role !== "OWNER")
    throw forbidden("cannot change another admin on this team");
}
