import type { TechniqueVideoRule } from "@studio/contracts";

/**
 * Document 2: "The rule is required when mode is coachDemand and either trigger is set": the
 * trainee owes a technique video (on the first session of the exercise when firstTime, and
 * every N sessions when everyN is set). A coachDemand rule without a trigger only records a
 * one-off request (requestedAt); a none rule keeps its triggers for when the coach turns it on.
 */
export function isTechniqueVideoRequired(rule: TechniqueVideoRule | null | undefined): boolean {
  if (!rule || rule.mode !== "coachDemand") return false;
  return rule.firstTime === true || (typeof rule.everyN === "string" && /^[1-9]\d*$/.test(rule.everyN));
}
