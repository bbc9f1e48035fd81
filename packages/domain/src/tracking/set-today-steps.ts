import { sql } from "drizzle-orm";
import type { DayTotals, StepsSetInput } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { dayTotalsOf } from "./day-row";
import { loadTraineeDay } from "./trainee-day";

/**
 * `POST /v1/trainee/steps` (document 3): sets (not adds) today's steps in the trainee's zone,
 * in one atomic upsert that leaves the day's water untouched; answers the day's totals.
 */
export async function setTodaySteps(db: Db, scope: TraineeScope, input: StepsSetInput): Promise<DayTotals> {
  const day = await loadTraineeDay(db, scope);
  const [row] = await db
    .insert(dailyMetrics)
    .values({
      studioId: scope.studioId,
      clientId: day.clientId,
      date: day.today,
      steps: input.steps,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .onConflictDoUpdate({
      target: [dailyMetrics.clientId, dailyMetrics.date],
      set: { steps: sql`excluded.steps`, updatedAt: scope.now },
    })
    .returning();
  return dayTotalsOf(row!);
}
