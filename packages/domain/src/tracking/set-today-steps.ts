import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DayTotals, StepsSetInput } from "@studio/contracts";
import { dailyMetrics, resultRows, type Db } from "@studio/db";
import { notFound } from "../errors";
import { todayKey } from "../time/day-keys";
import { isKnownTimeZone } from "../time/zoned-time";
import type { TraineeScope } from "../scope";
import { signedInTrainee } from "../trainee/signed-in-trainee";
import { dayTotalsOf } from "./day-row";
import { loadTraineeDay } from "./trainee-day";

/**
 * `POST /v1/trainee/steps` (document 3): sets (not adds) today's steps in the trainee's zone,
 * in one atomic upsert that leaves the day's water untouched; answers the day's totals.
 */
export async function setTodaySteps(db: Db, scope: TraineeScope, input: StepsSetInput): Promise<DayTotals> {
  const zone = scope.actor.timezone;
  if (isKnownTimeZone(zone)) {
    // The request's zone (the app sends x-timezone) names the day without reading the trainee:
    // the live-trainee check is the upsert's own source row, one statement (issue 30).
    const date = todayKey(scope.now, zone);
    const now = scope.now.toISOString();
    const result = await db.execute(sql`
      insert into daily_metrics as d (id, studio_id, client_id, date, steps, created_at, updated_at)
      select ${randomUUID()}, clients.studio_id, clients.id, ${date}::date, ${input.steps}::int, ${now}::timestamptz, ${now}::timestamptz
      from clients
      where ${signedInTrainee(scope)}
      on conflict (client_id, date) do update set steps = excluded.steps, updated_at = excluded.updated_at
      returning d.water_ml, d.steps`);
    const [row] = resultRows<{ water_ml: number; steps: number | null }>(result);
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
