// The computations of the coach workouts view (document 2 "Workouts view" and "Computation
// rules") over logs already read into memory. Pure: no database, no clock.
import { WORKOUT_VIEW_LIMITS, type PersonalRecord, type WorkoutKpis } from "@studio/contracts";
import { inRange, keysOf, type DayRange } from "../time/day-keys";
import {
  exerciseBestsOf,
  findPersonalRecords,
  type ExerciseBests,
  type WorkoutLogForRecords,
} from "./personal-records";
import type { ReadSession } from "./workout-session";

/** A log that is a session: completed, or partial (at least one done set). Abandoned starts are not. */
export const isSession = (s: ReadSession): boolean => s.status !== null;

/**
 * The records set inside `range` (oldest first): each log of the range is checked against the
 * best per exercise of the sessions before it, the baseline being the logs of the range before
 * it plus up to `baselineLogs` logs before the range. `logsOldestFirst` holds every log read with
 * its entries, oldest first; `earlierBests` the stored bests of logs before all of them (oldest
 * first, issue 30 item 2), read as the baseline's oldest part. An exercise's first session never
 * counts (it only sets the baseline).
 */
export function recordsInRange(
  logsOldestFirst: readonly { row: WorkoutLogForRecords }[],
  range: DayRange,
  baselineLogs: number = WORKOUT_VIEW_LIMITS.baselineLogs,
  earlierBests: readonly ExerciseBests[] = [],
): PersonalRecord[] {
  const before = logsOldestFirst.filter((s) => s.row.performedOn < range.from);
  const within = logsOldestFirst.filter((s) => inRange(s.row.performedOn, range));
  if (within.length === 0) return [];
  const baseline =
    baselineLogs > 0
      ? [...earlierBests, ...before.map((s) => exerciseBestsOf(s.row.entries))].slice(-baselineLogs)
      : [];
  return findPersonalRecords(
    within.map((s) => ({ id: s.row.id, performedOn: s.row.performedOn, entries: s.row.entries })),
    baseline,
  );
}

/** Sessions per Sunday–Saturday week (weeks oldest first, as given). */
export function weekBuckets(weeks: readonly DayRange[], sessions: readonly ReadSession[]) {
  return weeks.map((week) => {
    const inWeek = sessions.filter((s) => isSession(s) && inRange(s.row.performedOn, week));
    return {
      from: week.from,
      to: week.to,
      sessions: inWeek.length,
      completed: inWeek.filter((s) => s.status === "completed").length,
      volume: Math.round(inWeek.reduce((sum, s) => sum + s.rawVolume, 0)),
    };
  });
}

/** kpis.expected: weekly target times span days / 7, rounded; null without a target. */
export const expectedSessions = (weeklyTarget: number | null, spanDays: number): number | null =>
  weeklyTarget === null ? null : Math.round((weeklyTarget * spanDays) / 7);

/**
 * The kpis of a span: sessions (completed and partial), totalVolume over every session,
 * averageDurationSec over completed sessions with a positive duration, the record count.
 */
export function spanKpis(
  sessionsInSpan: readonly ReadSession[],
  span: DayRange,
  weeklyTarget: number | null,
  records: number,
): WorkoutKpis {
  const sessions = sessionsInSpan.filter(isSession);
  const completed = sessions.filter((s) => s.status === "completed");
  const durations = completed.map((s) => s.durationSec).filter((d): d is number => d !== null && d > 0);
  return {
    sessions: sessions.length,
    completed: completed.length,
    expected: expectedSessions(weeklyTarget, keysOf(span).length),
    totalVolume: Math.round(sessions.reduce((sum, s) => sum + s.rawVolume, 0)),
    averageDurationSec:
      durations.length > 0 ? Math.round(durations.reduce((a, b) => a + b, 0) / durations.length) : null,
    personalRecords: records,
  };
}

/** steps.source by the device platform: appleHealth for ios, healthConnect for android, else null. */
export function stepsSourceOf(platform: string | null | undefined): "appleHealth" | "healthConnect" | null {
  const p = platform?.trim().toLowerCase();
  if (p === "ios") return "appleHealth";
  if (p === "android") return "healthConnect";
  return null;
}
