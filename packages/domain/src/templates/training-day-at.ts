import type { TrainingContent, TrainingDay } from "@studio/contracts";
import { planDayIndex } from "./plan-day-index";

/** The training day at `offset` days from the first plan day, by rotation (wrapping both ways); null without days. */
export function trainingDayAt(content: Pick<TrainingContent, "days">, offset: number): TrainingDay | null {
  return content.days[planDayIndex(content.days.length, offset)] ?? null;
}
