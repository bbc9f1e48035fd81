import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DayTotals, StepsSetInput } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import { notFound } from "../errors";
import { isKnownTimeZone } from "../time/zoned-time";
import type { TraineeScope } from "../scope";
import { dayTotalsOf } from "./day-row";
import { loadTraineeDay } from "./trainee-day";
import { setStepsStatement, todayKeyAt } from "./trainee-day-upserts";

/**
 * `POST /v1/trainee/steps` (document 3): sets (not adds) today's steps in the trainee's zone,
 * in one atomic upsert that leaves the day's water untouched; answers the day's totals.
 */
export async function setTodaySteps(db: Db, scope: TraineeScope, input: StepsSetInput): Promise<DayTotals> {
  const zone = scope.actor.timezone;
  if (isKnownTimeZone(zone)) {
    // The request's zone (the app sends x-timezone) names the day without reading the trainee:
    // the live-trainee check is the upsert's own source row, one statement (issue 30).
    const date = todayKeyAt(scope.now, zone);
    const row = await setStepsStatement(db, {
      rowId: randomUUID(),
      studioId: scope.studioId,
      clientId: scope.actor.clientId,
      date,
      now: scope.now.toISOString(),
      steps: input.steps,
    });
    if (!row) throw notFound("trainee");
    return { date, waterMl: row.water_ml, steps: row.steps ?? 0 };
  }
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
