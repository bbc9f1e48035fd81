import { and, eq, gte, sql } from "drizzle-orm";
import {
  TRACKING_LIMITS,
  TRACKING_VIEW_LIMITS,
  type AppActivityDay,
  type TrackingSummary,
} from "@studio/contracts";
import {
  customMeals,
  dailyMetrics,
  mealLogs,
  nutritionDayMeals,
  weightEntries,
  workoutLogs,
  type Db,
  resultRows,
} from "@studio/db";
import type { StudioScope } from "../scope";
import { dayKeyOf, dayStart, inRange, keysOf, lastDays } from "../time/day-keys";
import { loadTrackedTrainee } from "./tracked-trainee";
import { round2 } from "./tracking-history";
import { loadWeighInTotals } from "./weigh-in-totals";
import { workoutStreak } from "./workout-streak";

/** A workout log is a session when completed or with at least one done set (document 2). */
export const isSessionSql = sql`(${workoutLogs.completed} or jsonb_path_exists(${workoutLogs.entries}, '$[*].sets[*] ? (@.done == true)'))`;

/** A plan meal counts as logged when eaten, eaten outside, replaced, or with at least one eaten item. */
const planMealLoggedSql = sql`(${nutritionDayMeals.status} in ('eaten', 'eatenOutside', 'replaced') or jsonb_path_exists(${nutritionDayMeals.items}, '$[*] ? (@.eaten == true)'))`;

const WEEK = 7;
const MONTH = 30;

/**
 * `GET /v1/web/clients/:id/tracking/summary` (document 2): the Tracking tab's overview cards and
 * appActivity, 14 local days oldest first ending today. Every per-day figure is aggregated in
 * SQL (no query per day); the statements run side by side after the trainee lookup. Card
 * fields: docs/decisions/tracking.md "Coach tracking views (summary, weight)".
 */
export async function getTrackingSummary(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<TrackingSummary> {
  const trainee = await loadTrackedTrainee(db, scope, input.id);
  const { clientId, zone, today } = trainee;
  const studioId = scope.studioId;
  const window = lastDays(scope.now, zone, TRACKING_VIEW_LIMITS.appActivityDays);
  const streakWindow = lastDays(scope.now, zone, TRACKING_LIMITS.streakWindowDays);

  const [sessionDays, metricDays, mealDays, weights, weighInDays, [latest]] = await Promise.all([
    db
      .select({ day: workoutLogs.performedOn, sessions: sql<number>`count(*)::int` })
      .from(workoutLogs)
      .where(
        and(
          eq(workoutLogs.clientId, clientId),
          eq(workoutLogs.studioId, studioId),
          gte(workoutLogs.performedOn, streakWindow.from),
          sql`${workoutLogs.performedOn} <= ${streakWindow.to}`,
          isSessionSql,
        ),
      )
      .groupBy(workoutLogs.performedOn),
    db
      .select({
        day: dailyMetrics.date,
        steps: dailyMetrics.steps,
        waterMl: dailyMetrics.waterMl,
        measured: sql<boolean>`${dailyMetrics.measurements} <> '{}'::jsonb`,
      })
      .from(dailyMetrics)
      .where(
        and(
          eq(dailyMetrics.clientId, clientId),
          eq(dailyMetrics.studioId, studioId),
          gte(dailyMetrics.date, window.from),
          sql`${dailyMetrics.date} <= ${window.to}`,
        ),
      ),
    db
      .execute(
        sql`select day::text as "day", sum(n)::int as "meals" from (
          select ${mealLogs.day} as day, count(*) as n from ${mealLogs}
            where ${mealLogs.clientId} = ${clientId} and ${mealLogs.studioId} = ${studioId}
              and ${mealLogs.day} between ${window.from} and ${window.to} group by 1
          union all
          select ${nutritionDayMeals.date}, count(*) from ${nutritionDayMeals}
            where ${nutritionDayMeals.clientId} = ${clientId} and ${nutritionDayMeals.studioId} = ${studioId}
              and ${nutritionDayMeals.date} between ${window.from} and ${window.to} and ${planMealLoggedSql} group by 1
          union all
          select ${customMeals.date}, count(*) from ${customMeals}
            where ${customMeals.clientId} = ${clientId} and ${customMeals.studioId} = ${studioId}
              and ${customMeals.date} between ${window.from} and ${window.to} and ${customMeals.mealLogId} is null group by 1
        ) m group by 1`,
      )
      .then((r) => resultRows<{ day: string; meals: number }>(r)),
    loadWeighInTotals(db, studioId, clientId),
    db
      .select({ recordedAt: weightEntries.recordedAt })
      .from(weightEntries)
      .where(
        and(
          eq(weightEntries.clientId, clientId),
          eq(weightEntries.studioId, studioId),
          gte(weightEntries.recordedAt, dayStart(window.from, zone)),
        ),
      ),
    db
      .execute(
        sql`select
          (select max(${workoutLogs.performedOn})::text from ${workoutLogs}
            where ${workoutLogs.clientId} = ${clientId} and ${workoutLogs.studioId} = ${studioId}
              and ${workoutLogs.performedOn} <= ${today} and ${isSessionSql}) as "lastWorkoutOn",
          (select max(d)::text from (
            select max(${mealLogs.day}) as d from ${mealLogs}
              where ${mealLogs.clientId} = ${clientId} and ${mealLogs.studioId} = ${studioId} and ${mealLogs.day} <= ${today}
            union all
            select max(${nutritionDayMeals.date}) from ${nutritionDayMeals}
              where ${nutritionDayMeals.clientId} = ${clientId} and ${nutritionDayMeals.studioId} = ${studioId}
                and ${nutritionDayMeals.date} <= ${today} and ${planMealLoggedSql}
            union all
            select max(${customMeals.date}) from ${customMeals}
              where ${customMeals.clientId} = ${clientId} and ${customMeals.studioId} = ${studioId} and ${customMeals.date} <= ${today}
          ) meals) as "lastMealOn",
          (select max(${dailyMetrics.date})::text from ${dailyMetrics}
            where ${dailyMetrics.clientId} = ${clientId} and ${dailyMetrics.studioId} = ${studioId}
              and ${dailyMetrics.date} <= ${today}
              and (${dailyMetrics.waterMl} > 0 or ${dailyMetrics.steps} > 0 or ${dailyMetrics.measurements} <> '{}'::jsonb)) as "lastMetricOn"`,
      )
      .then((r) =>
        resultRows<{ lastWorkoutOn: string | null; lastMealOn: string | null; lastMetricOn: string | null }>(
          r,
        ),
      ),
  ]);

  const sessionsByDay = new Map(sessionDays.map((d) => [d.day, d.sessions]));
  const metricsByDay = new Map(metricDays.map((d) => [d.day, d]));
  const mealsByDay = new Map(mealDays.map((d) => [d.day, d.meals]));
  const weighInSet = new Set(weighInDays.map((w) => dayKeyOf(new Date(w.recordedAt), zone)));

  const appActivity: AppActivityDay[] = keysOf(window).map((date) => {
    const workouts = sessionsByDay.get(date) ?? 0;
    const metric = metricsByDay.get(date);
    const mealsLogged = mealsByDay.get(date) ?? 0;
    const waterMl = metric?.waterMl ?? 0;
    const steps = metric?.steps ?? null;
    const weighIn = weighInSet.has(date);
    const measured = metric?.measured ?? false;
    return {
      date,
      workout: workouts > 0,
      workouts,
      mealsLogged,
      waterMl,
      steps,
      weighIn,
      measured,
      active: workouts > 0 || mealsLogged > 0 || waterMl > 0 || (steps ?? 0) > 0 || weighIn || measured,
    };
  });

  const week = lastDays(scope.now, zone, WEEK);
  const month = lastDays(scope.now, zone, MONTH);
  const sessionsIn = (range: { from: string; to: string }) =>
    sessionDays.reduce((sum, d) => sum + (inRange(d.day, range) ? d.sessions : 0), 0);
  const lastWeek = appActivity.filter((d) => inRange(d.date, week));
  const daysLogged7 = lastWeek.filter((d) => d.mealsLogged > 0).length;
  const stepDays = lastWeek.filter((d) => d.steps !== null);
  const waterDays = lastWeek.filter((d) => d.waterMl > 0);

  const count = weights.count;
  const startKg = weights.firstKg ?? trainee.weightKg;
  const currentKg = weights.latestKg ?? trainee.weightKg;
  const lastWeighInAt = weights.latestAt;
  const lastWeighInDate = lastWeighInAt ? dayKeyOf(lastWeighInAt, zone) : null;
  const lastActiveOn =
    [latest?.lastWorkoutOn, latest?.lastMealOn, latest?.lastMetricOn, lastWeighInDate]
      .filter((d): d is string => typeof d === "string" && d <= today)
      .sort()
      .at(-1) ?? null;

  return {
    today,
    timezone: zone,
    appActivity,
    weight: {
      currentKg,
      startKg,
      goalKg: trainee.goalWeightKg,
      changeKg: count >= 2 && startKg !== null && currentKg !== null ? round2(currentKg - startKg) : null,
      lastWeighInAt: lastWeighInAt?.toISOString() ?? null,
      lastWeighInDate,
      weighIns: count,
    },
    workouts: {
      lastWorkoutOn: latest?.lastWorkoutOn ?? null,
      streak: workoutStreak(sessionsByDay.keys(), today),
      last7Days: sessionsIn(week),
      last30Days: sessionsIn(month),
    },
    nutrition: {
      daysLogged7,
      adherencePct7: Math.round((daysLogged7 / WEEK) * 100),
      lastMealOn: latest?.lastMealOn ?? null,
    },
    steps: {
      average7: stepDays.length
        ? Math.round(stepDays.reduce((s, d) => s + (d.steps ?? 0), 0) / stepDays.length)
        : null,
      goal: trainee.stepsGoal,
    },
    water: {
      average7Ml: waterDays.length
        ? Math.round(waterDays.reduce((s, d) => s + d.waterMl, 0) / waterDays.length)
        : null,
      goalMl: trainee.waterGoalMl,
    },
    activity: {
      activeDays14: appActivity.filter((d) => d.active).length,
      lastActiveOn,
    },
  };
}
