import { sql } from "drizzle-orm";
import {
  MEASUREMENT_KEYS,
  type DailyMetricRecord,
  type MeasurementsLogInput,
  type MeasurementValues,
} from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { hasMeasurements, toDailyMetric } from "./daily-metric-record";
import { dayOf, fieldError, loadTraineeDay } from "./trainee-day";

/**
 * `POST /v1/trainee/measurements` (document 3): the sent circumferences merge over the day's
 * stored ones in one atomic upsert (a second call the same day adds to the first; other keys
 * stay). At least one measurement is required. A note is kept; a different note already on
 * the day gets the new one appended on a new line (as the coach's measurements route does).
 */
export async function logTraineeMeasurements(
  db: Db,
  scope: TraineeScope,
  input: MeasurementsLogInput,
): Promise<DailyMetricRecord> {
  const values: MeasurementValues = {};
  for (const key of MEASUREMENT_KEYS) if (input[key] !== undefined) values[key] = input[key];
  if (!hasMeasurements(values)) throw fieldError("measurements", "at least one measurement is required");
  const day = await loadTraineeDay(db, scope);
  const date = dayOf(day, input.date);
  const note = input.note || null;
  const [row] = await db
    .insert(dailyMetrics)
    .values({
      studioId: scope.studioId,
      clientId: day.clientId,
      date,
      measurements: values,
      note,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .onConflictDoUpdate({
      target: [dailyMetrics.clientId, dailyMetrics.date],
      set: {
        measurements: sql`${dailyMetrics.measurements} || excluded.measurements`,
        note: sql`case
          when excluded.note is null then ${dailyMetrics.note}
          when ${dailyMetrics.note} is null or ${dailyMetrics.note} = '' or ${dailyMetrics.note} = excluded.note then excluded.note
          else ${dailyMetrics.note} || E'\n' || excluded.note end`,
        updatedAt: scope.now,
      },
    })
    .returning();
  return toDailyMetric(row!);
}
