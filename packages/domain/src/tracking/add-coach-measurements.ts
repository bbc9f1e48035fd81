import { TILE_KEYS, type CoachMeasurements, type CoachMeasurementsInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import { validation } from "../errors";
import type { StudioScope } from "../scope";
import { hasMeasurements, readMeasurements } from "./daily-metric-record";
import { mergeDayMeasurements, sentMeasurements } from "./merge-day-measurements";
import { coachWriteDay, loadTrackedTrainee } from "./tracked-trainee";

/**
 * `POST /v1/web/clients/:id/tracking/measurements` (document 2): the sent circumferences merge
 * into the day's measurements in one atomic upsert on (trainee, date): other keys (neck) stay,
 * only sent keys are overwritten; a different note already on the day gets the new one appended
 * on a new line (merge-day-measurements.ts, shared with the trainee's route). At least one
 * measurement is required. The response lists only the five keys.
 */
export async function addCoachMeasurements(
  db: Db,
  scope: StudioScope,
  input: CoachMeasurementsInput,
): Promise<CoachMeasurements> {
  const values = sentMeasurements(input, TILE_KEYS);
  if (!hasMeasurements(values)) {
    throw validation("at least one measurement is required", {
      issues: [{ path: "measurements", message: "at least one measurement is required", code: "custom" }],
    });
  }
  const trainee = await loadTrackedTrainee(db, scope, input.id);
  const row = await mergeDayMeasurements(db, scope, {
    clientId: trainee.clientId,
    date: coachWriteDay(trainee, input.date),
    values,
    note: input.note,
  });
  const merged = readMeasurements(row.measurements);
  return {
    id: row.id,
    date: row.date,
    values: Object.fromEntries(TILE_KEYS.map((k) => [k, merged[k] ?? null])) as CoachMeasurements["values"],
    note: row.note,
  };
}
