import { clients, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";
import { todayKey } from "../time/day-keys";
import { pickTimeZone } from "../time/zoned-time";
import { loadLiveTrainee, studioTimezoneOfClient } from "../clients/live-trainee";

/** A trainee as the coach tracking views read it, with the zone its days are keyed in. */
export interface TrackedTrainee {
  clientId: string;
  weightKg: number | null;
  goalWeightKg: number | null;
  stepsGoal: number | null;
  waterGoalMl: number | null;
  /** Trainee zone, else studio zone, else Asia/Jerusalem (document 2 shared rules). */
  zone: string;
  today: string;
}

/**
 * The trainee of a /clients/:id/tracking route (document 2 "Client tracking"): non-deleted, in
 * the caller's studio and reachable by the coach (a coach limited to assigned trainees gets the
 * same NOT_FOUND "trainee not found" as for another studio's id). `forUpdate` locks the
 * trainee row (headline weight writes serialize on it).
 */
export async function loadTrackedTrainee(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TrackedTrainee> {
  const row = await loadLiveTrainee(db, scope, id, {
    ...options,
    missing: "trainee",
    select: {
      clientId: clients.id,
      weightKg: clients.weightKg,
      goalWeightKg: clients.goalWeightKg,
      stepsGoal: clients.stepsGoal,
      waterGoalMl: clients.waterGoalMl,
      timezone: clients.timezone,
      studioTimezone: studioTimezoneOfClient,
    },
  });
  const zone = pickTimeZone(row.timezone, row.studioTimezone);
  return {
    clientId: row.clientId,
    weightKg: row.weightKg,
    goalWeightKg: row.goalWeightKg,
    stepsGoal: row.stepsGoal,
    waterGoalMl: row.waterGoalMl,
    zone,
    today: todayKey(scope.now, zone),
  };
}

/** The day a coach write addresses: the sent key or today; a day after today is BAD_REQUEST (document 2). */
export function coachWriteDay(trainee: TrackedTrainee, date: string | undefined): string {
  if (date === undefined) return trainee.today;
  if (date > trainee.today) throw new AppError("BAD_REQUEST", "date must not be in the future");
  return date;
}
