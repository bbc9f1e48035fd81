import { and, between, desc, eq, lt } from "drizzle-orm";
import {
  TRACKING_RANGE_DAYS,
  WORKOUT_VIEW_LIMITS,
  type WorkoutsView,
  type TrackingRangeQuery,
} from "@studio/contracts";
import { dailyMetrics, pushTokens, workoutLogs, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { trainingRequirementOf } from "../templates/training-requirement-of";
import { workoutsPerWeekOf } from "../templates/training-rules";
import { inRange, keysOf, lastDays, lastWeeks, previousRange } from "../time/day-keys";
import { loadActivePlan } from "./active-plan";
import { loadTrackedTrainee } from "./tracked-trainee";
import { logOrderDesc, selectBaselineBests, selectTraineeLogs } from "./workout-log-rows";
import { readSession } from "./workout-session";
import { isSession, recordsInRange, spanKpis, stepsSourceOf, weekBuckets } from "./workout-view-rules";

const L = WORKOUT_VIEW_LIMITS;

/**
 * `GET /v1/web/clients/:id/tracking/workouts?range` (document 2 "Workouts view"): the last eight
 * Sunday–Saturday weeks whatever the range, the range's sessions newest first (completed or
 * partial), each session's volume, the five most recent records of the range, the steps strip,
 * kpis and the previous span's kpis. Two round trips: the trainee, then five parallel reads
 * (logs from the earliest day any part needs to today, the stored exercise bests of up to 500
 * logs before it as the record baseline, the active training plan, seven days of steps, the latest device); everything else
 * is computed in memory over bounded rows.
 */
export async function getClientWorkouts(
  db: Db,
  scope: StudioScope,
  input: TrackingRangeQuery,
): Promise<WorkoutsView> {
  const trainee = await loadTrackedTrainee(db, scope, input.id);
  const range = lastDays(scope.now, trainee.zone, TRACKING_RANGE_DAYS[input.range]);
  const previous = previousRange(range);
  const weeks = lastWeeks(scope.now, trainee.zone, L.weeks);
  const windowFrom = previous.from < weeks[0]!.from ? previous.from : weeks[0]!.from;
  const stepsRange = lastDays(scope.now, trainee.zone, L.stepsDays);

  const [windowRows, baselineBests, plan, stepRows, [device]] = await Promise.all([
    selectTraineeLogs(
      db,
      scope,
      trainee.clientId,
      between(workoutLogs.performedOn, windowFrom, range.to),
      logOrderDesc,
      L.windowLogs,
    ),
    selectBaselineBests(db, scope, trainee.clientId, lt(workoutLogs.performedOn, windowFrom), L.baselineLogs),
    loadActivePlan(db, scope, trainee.clientId, "TRAINING"),
    db
      .select({ date: dailyMetrics.date, steps: dailyMetrics.steps })
      .from(dailyMetrics)
      .where(
        and(
          eq(dailyMetrics.clientId, trainee.clientId),
          eq(dailyMetrics.studioId, scope.studioId),
          between(dailyMetrics.date, stepsRange.from, stepsRange.to),
        ),
      ),
    db
      .select({ platform: pushTokens.platform })
      .from(pushTokens)
      .where(and(eq(pushTokens.clientId, trainee.clientId), eq(pushTokens.studioId, scope.studioId)))
      .orderBy(desc(pushTokens.updatedAt), desc(pushTokens.createdAt))
      .limit(1),
  ]);

  // The window's logs and the baseline's stored bests, oldest first (both reads come newest
  // first). The baseline only feeds record detection: its entries are not read (issue 30).
  const windowLogs = [...windowRows].reverse().map(readSession);
  const earlierBests = [...baselineBests].reverse();
  const inSpan = (span: typeof range) =>
    windowLogs.filter((s) => inRange(s.row.performedOn, span) && isSession(s));

  const filePlan = plan.kind === "file";
  const weeklyTarget =
    plan.kind === "plan"
      ? workoutsPerWeekOf(plan.content.meta.workoutsPerWeek, plan.content.days.length)
      : null;
  const requirement = plan.kind === "plan" ? trainingRequirementOf(plan.content) : null;
  const planSteps =
    requirement && requirement.stepsApply && requirement.stepsDaily > 0 ? requirement.stepsDaily : null;

  const current = inSpan(range);
  const records = recordsInRange(windowLogs, range, L.baselineLogs, earlierBests);
  const previousSessions = inSpan(previous);
  const previousRecords =
    previousSessions.length > 0 ? recordsInRange(windowLogs, previous, L.baselineLogs, earlierBests) : [];
  const stepsByDay = new Map(stepRows.map((r) => [r.date, r.steps]));

  return {
    range: input.range,
    from: range.from,
    to: range.to,
    filePlan,
    weeklyTarget,
    weeks: weekBuckets(weeks, windowLogs),
    logs: [...current].reverse().map((s) => ({
      id: s.row.id,
      date: s.row.performedOn,
      label: s.row.label,
      dayId: s.row.dayId,
      programId: s.row.programId,
      status: s.status!,
      volume: s.volume,
      durationSec: s.durationSec,
      exercises: s.exercises.length,
      doneSets: s.exercises.reduce((n, e) => n + e.sets.length, 0),
    })),
    volume: current.map((s) => ({ date: s.row.performedOn, workoutLogId: s.row.id, volume: s.volume })),
    personalRecords: records.slice(-L.personalRecords).reverse(),
    steps: {
      goal: planSteps ?? trainee.stepsGoal ?? null,
      days: keysOf(stepsRange).map((date) => ({ date, steps: stepsByDay.get(date) ?? null })),
      source: stepsSourceOf(device?.platform),
    },
    kpis: spanKpis(current, range, weeklyTarget, records.length),
    previous:
      previousSessions.length > 0
        ? spanKpis(previousSessions, previous, weeklyTarget, previousRecords.length)
        : null,
  };
}
