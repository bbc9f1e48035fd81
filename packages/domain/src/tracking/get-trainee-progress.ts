import { and, asc, between, desc, eq } from "drizzle-orm";
import { MEASUREMENT_KEYS, TRACKING_LIMITS, type TraineeProgress } from "@studio/contracts";
import { progressPhotos, workoutLogs, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { inRange, lastDays } from "../time/day-keys";
import { loadActivePlan, type ActiveTrainingPlan } from "./active-plan";
import { findPersonalRecords } from "./personal-records";
import { toProgressPhoto } from "./progress-photo-record";
import { loadTraineeDay } from "./trainee-day";
import { loadMeasurementDays, loadWeighIns, round2 } from "./tracking-history";
import { weightSourceOf } from "./weight-source";
import { workoutStreak } from "./workout-streak";

const L = TRACKING_LIMITS;
const COMPLIANCE_DAYS = 7;

/**
 * Weekly compliance (document 3): distinct days with a completed workout in the last 7 local
 * days over the number of days of the active training plan, as a rounded percent (not capped);
 * 0 without a plan, null for a file plan.
 */
export function weeklyCompliance(plan: ActiveTrainingPlan, completedDaysInWeek: number): number | null {
  if (plan.kind === "file") return null;
  if (plan.kind === "none" || plan.content.days.length <= 0) return 0;
  return Math.round((completedDaysInWeek / plan.content.days.length) * 100);
}

/**
 * `GET /v1/trainee/progress` (document 3): weight trend (earliest and latest weigh-ins, both
 * falling back to the trainee's weight; goal always null here), every weigh-in oldest first,
 * each circumference's latest value, the 12 most recent photos by takenAt, the workout streak
 * over the last 180 local days, weekly compliance, and the 5 most recent personal records from
 * the latest 200 completed workout logs. Workouts count when their log is completed.
 */
export async function getTraineeProgress(db: Db, scope: TraineeScope): Promise<TraineeProgress> {
  const day = await loadTraineeDay(db, scope);
  const owned = (table: typeof workoutLogs) =>
    and(eq(table.clientId, day.clientId), eq(table.studioId, scope.studioId), eq(table.completed, true));
  const streakRange = lastDays(scope.now, day.zone, L.streakWindowDays);
  const [weighIns, measurementDays, photos, streakDays, recentLogs, plan] = await Promise.all([
    loadWeighIns(db, scope, day.clientId),
    loadMeasurementDays(db, scope, day.clientId),
    db
      .select()
      .from(progressPhotos)
      .where(and(eq(progressPhotos.clientId, day.clientId), eq(progressPhotos.studioId, scope.studioId)))
      .orderBy(desc(progressPhotos.takenAt), desc(progressPhotos.createdAt))
      .limit(L.progressPhotos),
    db
      .selectDistinct({ day: workoutLogs.performedOn })
      .from(workoutLogs)
      .where(and(owned(workoutLogs), between(workoutLogs.performedOn, streakRange.from, streakRange.to)))
      .orderBy(asc(workoutLogs.performedOn)),
    db
      .select({ id: workoutLogs.id, performedOn: workoutLogs.performedOn, entries: workoutLogs.entries })
      .from(workoutLogs)
      .where(owned(workoutLogs))
      .orderBy(
        desc(workoutLogs.performedOn),
        desc(workoutLogs.finishedAt),
        desc(workoutLogs.startedAt),
        desc(workoutLogs.createdAt),
      )
      .limit(L.personalRecordLogs),
    loadActivePlan(db, scope, day.clientId, "TRAINING"),
  ]);

  const first = weighIns[0];
  const last = weighIns.at(-1);
  const startKg = first?.weightKg ?? day.weightKg;
  const currentKg = last?.weightKg ?? day.weightKg;

  const latest: TraineeProgress["measurements"] = {
    date: null,
    ...(Object.fromEntries(MEASUREMENT_KEYS.map((k) => [k, null])) as Record<
      (typeof MEASUREMENT_KEYS)[number],
      null
    >),
  };
  for (const m of measurementDays) {
    // Oldest first: later days overwrite, so each key ends with its latest value.
    for (const key of MEASUREMENT_KEYS) if (m.values[key] !== undefined) latest[key] = m.values[key];
    latest.date = m.date;
  }

  const workoutDays = streakDays.map((r) => r.day);
  const week = lastDays(scope.now, day.zone, COMPLIANCE_DAYS);
  const records = findPersonalRecords([...recentLogs].reverse());

  return {
    weight: {
      startKg,
      currentKg,
      changeKg: startKg !== null && currentKg !== null ? round2(currentKg - startKg) : null,
      goalKg: null,
    },
    weighIns: weighIns.map((w) => ({
      id: w.id,
      date: w.recordedAt.toISOString(),
      weightKg: w.weightKg,
      source: weightSourceOf(w.source),
      note: w.note,
    })),
    measurements: latest,
    photos: photos.map(toProgressPhoto),
    streak: workoutStreak(workoutDays, day.today),
    weeklyCompliance: weeklyCompliance(plan, workoutDays.filter((d) => inRange(d, week)).length),
    personalRecords: records.slice(-L.personalRecords).reverse(),
  };
}
