import type { TrainingContent, TrainingDay } from "@studio/contracts";
import { positiveIntOf } from "./plan-values";
import { trainingRequirementOf } from "./training-requirement-of";

/**
 * Document 2: "a day's cardio minutes are its own cardioMinutes when set, else the plan target
 * (divided by workouts per week and rounded for weekly scope)"; 0 when mode is stepsOnly
 * ("cardio applies unless mode is stepsOnly").
 */
export function dayCardioMinutes(content: TrainingContent, day: Pick<TrainingDay, "cardioMinutes">): number {
  const requirement = trainingRequirementOf(content);
  if (!requirement.cardioApplies) return 0;
  const own = positiveIntOf(typeof day.cardioMinutes === "string" ? day.cardioMinutes : "");
  return own > 0 ? own : requirement.dayCardioMinutes;
}
