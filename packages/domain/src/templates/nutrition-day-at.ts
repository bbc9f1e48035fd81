import type { NutritionContent, NutritionDay } from "@studio/contracts";
import { planDayIndex } from "./plan-day-index";

/** The nutrition day at `offset` days from the first plan day, by rotation (wrapping both ways); null without days. */
export function nutritionDayAt(content: Pick<NutritionContent, "days">, offset: number): NutritionDay | null {
  return content.days[planDayIndex(content.days.length, offset)] ?? null;
}
