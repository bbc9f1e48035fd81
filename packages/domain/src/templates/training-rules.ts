// The arithmetic behind document 2's "Derived rules" sentence, shared by the normalizer (which
// blanks day values equal to the plan value) and the derived-rule functions.
import type { TrainingRequirement } from "@studio/contracts";

/**
 * Workouts per week used by the derived rules: meta.workoutsPerWeek when set, else the number
 * of plan days (a plan of three days is done three times a week), at least 1.
 */
export function workoutsPerWeekOf(workoutsPerWeek: number | null | undefined, dayCount: number): number {
  if (typeof workoutsPerWeek === "number" && Number.isFinite(workoutsPerWeek) && workoutsPerWeek >= 1)
    return Math.round(workoutsPerWeek);
  return Number.isFinite(dayCount) && dayCount >= 1 ? Math.floor(dayCount) : 1;
}

/**
 * The plan's cardio minutes for one day (whatever the mode): the plan target, divided by
 * workouts per week and rounded for weekly scope.
 */
export function planDayCardioMinutes(requirement: TrainingRequirement, workoutsPerWeek: number): number {
  const minutes = Number.isFinite(requirement.cardioMinutes) ? Math.max(0, requirement.cardioMinutes) : 0;
  if (requirement.scope !== "weekly") return minutes;
  return Math.round(minutes / Math.max(1, workoutsPerWeek));
}

/** The plan's daily steps (whatever the mode). */
export function planStepsDaily(requirement: TrainingRequirement): number {
  return Number.isFinite(requirement.stepsDaily) ? Math.max(0, requirement.stepsDaily) : 0;
}
