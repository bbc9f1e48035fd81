import type { WaterDay } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { readWaterLogs } from "./daily-metric-record";
import { findDayRow } from "./day-row";
import { dayOf, loadTraineeDay } from "./trainee-day";

/**
 * `GET /v1/trainee/water` (document 3): the day's total, the trainee's water goal (else 0) and
 * the entries in the order they were added; each undo entry names the entry it deducted.
 */
export async function getWaterDay(db: Db, scope: TraineeScope, input: { date?: string }): Promise<WaterDay> {
  const day = await loadTraineeDay(db, scope);
  const date = dayOf(day, input.date);
  const row = await findDayRow(db, scope, day.clientId, date);
  return {
    date,
    waterMl: row?.waterMl ?? 0,
    goalMl: day.waterGoalMl ?? 0,
    entries: row ? readWaterLogs(row.waterLogs) : [],
  };
}
