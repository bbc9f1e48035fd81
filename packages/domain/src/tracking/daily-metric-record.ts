import {
  MEASUREMENT_KEYS,
  type DailyMetricRecord,
  type MeasurementValues,
  type WaterEntry,
} from "@studio/contracts";
import type { dailyMetrics } from "@studio/db";

export type DailyMetricRow = typeof dailyMetrics.$inferSelect;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The stored water entries of a day (daily_metrics.water_logs), tolerant of foreign shapes. */
export function readWaterLogs(stored: unknown): WaterEntry[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(isRecord).flatMap((e): WaterEntry[] =>
    typeof e.id === "string" && typeof e.amountMl === "number" && Number.isInteger(e.amountMl)
      ? [
          {
            id: e.id,
            amountMl: e.amountMl,
            at: typeof e.at === "string" ? e.at : "",
            deductsEntryId: typeof e.deductsEntryId === "string" ? e.deductsEntryId : null,
          },
        ]
      : [],
  );
}

/** The stored circumferences of a day: the six keys that hold a finite number. */
export function readMeasurements(stored: unknown): MeasurementValues {
  const out: MeasurementValues = {};
  if (!isRecord(stored)) return out;
  for (const key of MEASUREMENT_KEYS) {
    const value = stored[key];
    if (typeof value === "number" && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

export const hasMeasurements = (values: MeasurementValues): boolean => Object.keys(values).length > 0;

/**
 * The day's water total: the sum of its entries (undo entries are negative), never below zero
 * (docs/decisions/tracking.md "Trainee tracking").
 */
export const waterTotalOf = (entries: readonly WaterEntry[]): number =>
  Math.max(
    0,
    entries.reduce((sum, e) => sum + e.amountMl, 0),
  );

export function toDailyMetric(row: DailyMetricRow): DailyMetricRecord {
  return {
    id: row.id,
    date: row.date,
    steps: row.steps,
    waterMl: row.waterMl,
    waterLogs: readWaterLogs(row.waterLogs),
    measurements: readMeasurements(row.measurements),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
