import type { RequirementMode, RequirementScope, TrainingContent } from "@studio/contracts";
import { planDayCardioMinutes, planStepsDaily, workoutsPerWeekOf } from "./training-rules";

/** What a training plan asks for cardio and steps, with document 2's derived rules applied. */
export interface TrainingRequirementSummary {
  mode: RequirementMode;
  scope: RequirementScope;
  /** "cardio applies unless mode is stepsOnly" */
  cardioApplies: boolean;
  /** "steps apply unless mode is cardioOnly" */
  stepsApply: boolean;
  /** meta.workoutsPerWeek, else the number of plan days (at least 1). */
  workoutsPerWeek: number;
  /** The plan's cardio target as stored (minutes per week or per workout, by scope); 0 when cardio does not apply. */
  cardioMinutes: number;
  /** Minutes for weekly scope, minutes times workouts per week for perWorkout; 0 when cardio does not apply. */
  weeklyCardioMinutes: number;
  /** A day's cardio minutes when the day sets none: the target, divided by workouts per week and rounded for weekly scope; 0 when cardio does not apply. */
  dayCardioMinutes: number;
  /** The plan's daily steps; 0 when steps do not apply. */
  stepsDaily: number;
}

/** Document 2 "Derived rules" of meta.requirement, for normalized training content. */
export function trainingRequirementOf(content: TrainingContent): TrainingRequirementSummary {
  const requirement = content.meta.requirement;
  const workoutsPerWeek = workoutsPerWeekOf(content.meta.workoutsPerWeek, content.days.length);
  const cardioApplies = requirement.mode !== "stepsOnly";
  const stepsApply = requirement.mode !== "cardioOnly";
  const target = cardioApplies ? Math.max(0, requirement.cardioMinutes || 0) : 0;
  return {
    mode: requirement.mode,
    scope: requirement.scope,
    cardioApplies,
    stepsApply,
    workoutsPerWeek,
    cardioMinutes: target,
    weeklyCardioMinutes: requirement.scope === "weekly" ? target : target * workoutsPerWeek,
    dayCardioMinutes: cardioApplies ? planDayCardioMinutes(requirement, workoutsPerWeek) : 0,
    stepsDaily: stepsApply ? planStepsDaily(requirement) : 0,
  };
}
