import { eq } from "drizzle-orm";
import { clients, studios, type DbOrTx } from "@studio/db";
import { notFound, validation } from "../errors";
import type { TraineeScope } from "../scope";
import { signedInTrainee } from "../trainee/signed-in-trainee";
import { todayKey } from "../time/day-keys";
import { pickTimeZone } from "../time/zoned-time";

/** The signed-in trainee's row as tracking reads it, with the zone its days are keyed in. */
export interface TraineeDay {
  clientId: string;
  weightKg: number | null;
  goalWeightKg: number | null;
  waterGoalMl: number | null;
  stepsGoal: number | null;
  /** Day zone (document 3): the request's x-timezone, the trainee's stored zone, the studio's, Asia/Jerusalem. */
  zone: string;
  /** Today's key in that zone. */
  today: string;
}

/**
 * Loads the signed-in trainee (NOT_FOUND trainee not found when deleted or outside the token's
 * studio) and resolves its day zone. `forUpdate` locks the trainee row for the transaction
 * (headline weight writes serialize on it).
 */
export async function loadTraineeDay(
  db: DbOrTx,
  scope: TraineeScope,
  options: { forUpdate?: boolean } = {},
): Promise<TraineeDay> {
  const query = db
    .select({
      clientId: clients.id,
      weightKg: clients.weightKg,
      goalWeightKg: clients.goalWeightKg,
      waterGoalMl: clients.waterGoalMl,
      stepsGoal: clients.stepsGoal,
      timezone: clients.timezone,
      studioTimezone: studios.timezone,
    })
    .from(clients)
    .innerJoin(studios, eq(studios.id, clients.studioId))
    .where(signedInTrainee(scope))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: clients }) : await query;
  if (!row) throw notFound("trainee");
  const zone = pickTimeZone(scope.actor.timezone, row.timezone, row.studioTimezone);
  return {
    clientId: row.clientId,
    weightKg: row.weightKg,
    goalWeightKg: row.goalWeightKg,
    waterGoalMl: row.waterGoalMl,
    stepsGoal: row.stepsGoal,
    zone,
    today: todayKey(scope.now, zone),
  };
}

/** VALIDATION (422) naming the field, like a contract failure. */
export function fieldError(field: string, message: string) {
  return validation(`${field}: ${message}`, { issues: [{ path: field, message, code: "custom" }] });
}

/** The day a write or read addresses: the sent key, or today; a day not started yet is VALIDATION. */
export function dayOf(day: TraineeDay, date: string | undefined, field = "date"): string {
  if (date === undefined) return day.today;
  if (date > day.today) throw fieldError(field, "must not be in the future");
  return date;
}
