import { sql } from "drizzle-orm";
import {
  TILE_KEYS,
  type CoachMeasurements,
  type CoachMeasurementsInput,
  type MeasurementValues,
} from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import { validation } from "../errors";
import type { StudioScope } from "../scope";
import { hasMeasurements, readMeasurements } from "./daily-metric-record";
import { coachWriteDay, loadTrackedTrainee } from "./tracked-trainee";

/**
 * `POST /v1/web/clients/:id/tracking/measurements` (document 2): the sent circumferences merge
 * into the day's measurements in one atomic upsert on (trainee, date): other keys (neck) stay,
 * only sent keys are overwritten; a different note already on the day gets the new one appended
 * on a new line. At least one measurement is required. The response lists only the five keys.
 */
export async function addCoachMeasurements(
  db: Db,
  scope: StudioScope,
  input: CoachMeasurementsInput,
): Promise<CoachMeasurements> {
  const values: MeasurementValues = {};
  for (const key of TILE_KEYS) if (input[key] !== undefined) values[key] = input[key];
  if (!hasMeasurements(values)) {
    throw validation("at least one measurement is required", {
      issues: [{ path: "measurements", message: "at least one measurement is required", code: "custom" }],
    });
  }
  const trainee = await loadTrackedTrainee(db, scope, input.id);
  const date = coachWriteDay(trainee, input.date);
  const note = input.note || null;
  const [row] = await db
    .insert(dailyMetrics)
    .values({
      studioId: scope.studioId,
      clientId: trainee.clientId,
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
  const merged = readMeasurements(row!.measurements);
  return {
    id: row!.id,
    date: row!.date,
    values: Object.fromEntries(TILE_KEYS.map((k) => [k, merged[k] ?? null])) as CoachMeasurements["values"],
    note: row!.note,
  };
}
