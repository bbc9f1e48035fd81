import type { TraineeScope } from "../scope";
import { and, eq } from "drizzle-orm";
import { clients, studios, type DbOrTx } from "@studio/db";
import { coverageOfLiveSubscriptions } from "../subscriptions/subscription-coverage";
import { pickTimeZone } from "../time";

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

const latest = (a: Date | null, b: Date | null): Date | null =>
  a === null ? b : b === null ? a : a > b ? a : b;

/**
 * Reads the lock inputs: the trainee's freeze date, override and end date, the studio setting
 * and zone, and the live subscriptions' coverage (decisions.md "App lock inputs"). A FROZEN
 * live subscription freezes from its frozenAt (the earlier of it and the trainee's freeze
 * date counts). With live subscriptions, the coverage end is the one of the latest end date
 * among them (a renewal queued behind the running one keeps the app open; one still waiting
 * for its FIRST_PLAN trigger leaves it open-ended); without any, the trainee's end date.
 */
export function loadAppAccessInputs(db: DbOrTx, scope: TraineeScope): Promise<AppAccessInputs | null> {
  return loadAppAccessInputsOf(db, { studioId: scope.studioId, clientId: scope.actor.clientId });
}

/** Whether a trainee's app is locked at `now` (jobs acting for a trainee: the pending-form notifier). */
export async function isTraineeAppLocked(
  db: DbOrTx,
  trainee: { studioId: string; clientId: string },
  now: Date,
): Promise<boolean> {
  const inputs = await loadAppAccessInputsOf(db, trainee);
  return inputs !== null && isAppLocked(inputs, now);
}

/** loadAppAccessInputs for a trainee named by studio and id (no request scope needed). */
export async function loadAppAccessInputsOf(
  db: DbOrTx,
  trainee: { studioId: string; clientId: string },
): Promise<AppAccessInputs | null> {
  const scope = { studioId: trainee.studioId, actor: { clientId: trainee.clientId } };
  const [row] = await db
    .select({
      freezeStartedAt: clients.freezeStartedAt,
      allowAppWhileFrozen: clients.allowAppWhileFrozen,
      coverageEndsAt: clients.accessEndsAt,
      studioSettings: studios.settings,
      studioTimezone: studios.timezone,
    })
    .from(clients)
    .innerJoin(studios, eq(studios.id, clients.studioId))
    .where(and(eq(clients.id, scope.actor.clientId), eq(clients.studioId, scope.studioId)))
    .limit(1);
  if (!row) return null;
  const coverage = await coverageOfLiveSubscriptions(db, {
    studioId: scope.studioId,
    clientId: scope.actor.clientId,
    zone: pickTimeZone(row.studioTimezone),
  });
  const freezes = [row.freezeStartedAt, coverage.frozenAt].filter((d): d is Date => d !== null);
  return {
    freezeStartedAt: freezes.length ? new Date(Math.min(...freezes.map((d) => d.getTime()))) : null,
    allowAppWhileFrozen: row.allowAppWhileFrozen,
    studioAllowsAppWhileFrozen: row.studioSettings.allowAppWhileFrozen === true,
    // Without live subscriptions: the trainee's end date, else the end of the last one the
    // scheduler ENDED (the lock survives the transition), the later of the two when both exist.
    coverageEndsAt: coverage.hasLive
      ? coverage.coverageEndsAt
      : latest(row.coverageEndsAt, coverage.endedCoverageEndsAt),
  };
}
