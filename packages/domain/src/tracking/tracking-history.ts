import { and, asc, eq, sql } from "drizzle-orm";
import type { MeasurementValues } from "@studio/contracts";
import { dailyMetrics, weightEntries, type DbOrTx } from "@studio/db";
import type { TraineeScope } from "../scope";
import { hasMeasurements, readMeasurements } from "./daily-metric-record";
import type { WeightEntryRow } from "./weight-entry-record";

/** Every weigh-in of the trainee, oldest first (recordedAt, then the order they were written). */
export function loadWeighIns(db: DbOrTx, scope: TraineeScope, clientId: string): Promise<WeightEntryRow[]> {
  return db
    .select()
    .from(weightEntries)
    .where(and(eq(weightEntries.clientId, clientId), eq(weightEntries.studioId, scope.studioId)))
    .orderBy(asc(weightEntries.recordedAt), asc(weightEntries.createdAt), asc(weightEntries.id));
}

export interface MeasurementDay {
  date: string;
  values: MeasurementValues;
  note: string | null;
  updatedAt: Date;
}

/** The days holding at least one circumference, oldest first. */
export async function loadMeasurementDays(
  db: DbOrTx,
  scope: TraineeScope,
  clientId: string,
): Promise<MeasurementDay[]> {
  const rows = await db
    .select({
      date: dailyMetrics.date,
      measurements: dailyMetrics.measurements,
      note: dailyMetrics.note,
      updatedAt: dailyMetrics.updatedAt,
    })
    .from(dailyMetrics)
    .where(
      and(
        eq(dailyMetrics.clientId, clientId),
        eq(dailyMetrics.studioId, scope.studioId),
        sql`${dailyMetrics.measurements} <> '{}'::jsonb`,
      ),
    )
    .orderBy(asc(dailyMetrics.date));
  return rows
    .map((r) => ({
      date: r.date,
      values: readMeasurements(r.measurements),
      note: r.note,
      updatedAt: r.updatedAt,
    }))
    .filter((d) => hasMeasurements(d.values));
}

/** Rounds a kilogram or centimetre value to two decimals (float noise out of deltas). */
export const round2 = (n: number): number => Math.round(n * 100) / 100;
