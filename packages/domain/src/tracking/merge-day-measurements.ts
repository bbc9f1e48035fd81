import { sql } from "drizzle-orm";
import type { MeasurementKey, MeasurementValues } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import type { DailyMetricRow } from "./daily-metric-record";

/** The measurements of `keys` the input sent (absent keys are left out, not nulled). */
export function sentMeasurements(
  input: Partial<Record<MeasurementKey, number | undefined>>,
  keys: readonly MeasurementKey[],
): MeasurementValues {
  const values: MeasurementValues = {};
  for (const key of keys) if (input[key] !== undefined) values[key] = input[key];
  return values;
}

/**
 * The measurements write the coach's and the trainee's routes share (documents 2 and 3): the
 * sent circumferences merge into the day's measurements in one atomic upsert on (trainee, date):
 * keys not sent stay, sent keys are overwritten. A note is kept; an empty or equal note on the
 * day is replaced, a different one gets the new note appended on a new line; no note (or an
 * empty one) keeps the day's.
 */
export async function mergeDayMeasurements(
  db: Db,
  scope: { studioId: string; now: Date },
  write: { clientId: string; date: string; values: MeasurementValues; note?: string | null },
): Promise<DailyMetricRow> {
  const [row] = await db
    .insert(dailyMetrics)
    .values({
      studioId: scope.studioId,
      clientId: write.clientId,
      date: write.date,
      measurements: write.values,
      note: write.note || null,
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
  return row!;
}
