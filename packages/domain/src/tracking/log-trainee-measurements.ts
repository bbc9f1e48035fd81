import { MEASUREMENT_KEYS, type DailyMetricRecord, type MeasurementsLogInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { hasMeasurements, toDailyMetric } from "./daily-metric-record";
import { mergeDayMeasurements, sentMeasurements } from "./merge-day-measurements";
import { dayOf, fieldError, loadTraineeDay } from "./trainee-day";

/**
 * `POST /v1/trainee/measurements` (document 3): the sent circumferences merge over the day's
 * stored ones in one atomic upsert (a second call the same day adds to the first; other keys
 * stay). At least one measurement is required. A note is kept; a different note already on
 * the day gets the new one appended on a new line (merge-day-measurements.ts, shared with the
 * coach's measurements route).
 */
export async function logTraineeMeasurements(
  db: Db,
  scope: TraineeScope,
  input: MeasurementsLogInput,
): Promise<DailyMetricRecord> {
  const values = sentMeasurements(input, MEASUREMENT_KEYS);
  if (!hasMeasurements(values)) throw fieldError("measurements", "at least one measurement is required");
  const day = await loadTraineeDay(db, scope);
  const row = await mergeDayMeasurements(db, scope, {
    clientId: day.clientId,
    date: dayOf(day, input.date),
    values,
    note: input.note,
  });
  return toDailyMetric(row);
}
