import type { TraineeScope } from "../scope";
import { and, eq } from "drizzle-orm";
import { clients, studios, type Db } from "@studio/db";

export interface AppAccessInputs {
  freezeStartedAt: Date | null;
  /** Per-trainee override of the studio setting; null follows the studio. */
  allowAppWhileFrozen: boolean | null;
  studioAllowsAppWhileFrozen: boolean;
  /** Coverage end of the last live subscription (or the trainee's end date); null = open-ended. */
  coverageEndsAt: Date | null;
}

/**
 * requireTraineeAppAccess's rule (decisions.md "App lock inputs"): locked while frozen unless
 * allowed; locked after the coverage end. A trainee with no end date and no freeze is never locked.
 */
export function isAppLocked(inputs: AppAccessInputs, now: Date): boolean {
  if (inputs.freezeStartedAt && inputs.freezeStartedAt <= now) {
    const allowed = inputs.allowAppWhileFrozen ?? inputs.studioAllowsAppWhileFrozen;
    if (!allowed) return true;
  }
  return inputs.coverageEndsAt !== null && inputs.coverageEndsAt < now;
}

/** Reads the lock inputs in one query. The subscriptions work adds live-subscription coverage here. */
export async function loadAppAccessInputs(db: Db, scope: TraineeScope): Promise<AppAccessInputs | null> {
  const [row] = await db
    .select({
      freezeStartedAt: clients.freezeStartedAt,
      allowAppWhileFrozen: clients.allowAppWhileFrozen,
      coverageEndsAt: clients.accessEndsAt,
      studioSettings: studios.settings,
    })
    .from(clients)
    .innerJoin(studios, eq(studios.id, clients.studioId))
    .where(and(eq(clients.id, scope.actor.clientId), eq(clients.studioId, scope.studioId)))
    .limit(1);
  if (!row) return null;
  return {
    freezeStartedAt: row.freezeStartedAt,
    allowAppWhileFrozen: row.allowAppWhileFrozen,
    studioAllowsAppWhileFrozen: row.studioSettings.allowAppWhileFrozen === true,
    coverageEndsAt: row.coverageEndsAt,
  };
}
