import type { TrainingContent, TrainingDay } from "@studio/contracts";
import { positiveIntOf } from "./plan-values";
import { trainingRequirementOf } from "./training-requirement-of";

/**
 * Document 2: "a day's steps goal is its own stepsDaily when set, else the plan's daily steps,
 * 0 when no steps requirement" (mode cardioOnly: "steps apply unless mode is cardioOnly").
 */
export function dayStepsGoal(content: TrainingContent, day: Pick<TrainingDay, "stepsDaily">): number {
  const requirement = trainingRequirementOf(content);
  if (!requirement.stepsApply) return 0;
  const own = positiveIntOf(typeof day.stepsDaily === "string" ? day.stepsDaily : "");
  return own > 0 ? own : requirement.stepsDaily;
}
