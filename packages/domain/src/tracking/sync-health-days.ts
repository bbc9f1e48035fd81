import { sql } from "drizzle-orm";
import type { HealthDaysInput } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { dayStart } from "../time/day-keys";
import { loadTraineeDay } from "./trainee-day";

const DAY_MS = 86_400_000;
/** Document 3 "Limits": health days reach 90 days back and 1 day forward. */
export const HEALTH_DAYS_BACK = 90;
export const HEALTH_DAYS_FORWARD = 1;

/**
 * `POST /v1/trainee/health/days` (document 3): sets each day's steps; a day whose local start
 * is more than 90 days before now or more than one day after now is skipped without error;
 * a duplicated date keeps the last. One upsert for every kept day; answers the count written.
 */
export async function syncHealthDays(
  db: Db,
  scope: TraineeScope,
  input: HealthDaysInput,
): Promise<{ days: number }> {
  const day = await loadTraineeDay(db, scope);
  const stepsByDate = new Map<string, number>();
  for (const { date, steps } of input.days) {
    stepsByDate.delete(date); // the last occurrence wins, in its own position
    stepsByDate.set(date, steps);
  }
  const now = scope.now.getTime();
  const kept = [...stepsByDate].filter(([date]) => {
    const start = dayStart(date, day.zone).getTime();
    return start >= now - HEALTH_DAYS_BACK * DAY_MS && start <= now + HEALTH_DAYS_FORWARD * DAY_MS;
  });
  if (!kept.length) return { days: 0 };
  await db
    .insert(dailyMetrics)
    .values(
      kept.map(([date, steps]) => ({
        studioId: scope.studioId,
        clientId: day.clientId,
        date,
        steps,
        createdAt: scope.now,
        updatedAt: scope.now,
      })),
    )
    .onConflictDoUpdate({
      target: [dailyMetrics.clientId, dailyMetrics.date],
      set: { steps: sql`excluded.steps`, updatedAt: scope.now },
    });
  return { days: kept.length };
}
