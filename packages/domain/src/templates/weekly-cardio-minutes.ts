import type { TrainingContent } from "@studio/contracts";
import { trainingRequirementOf } from "./training-requirement-of";

/**
 * Document 2: "weekly cardio minutes are the minutes for weekly scope, or minutes times workouts
 * per week for perWorkout" (0 when mode is stepsOnly: cardio does not apply).
 */
export function weeklyCardioMinutes(content: TrainingContent): number {
  return trainingRequirementOf(content).weeklyCardioMinutes;
}
