import { describe, expect, it } from "vitest";
import type { TechniqueVideoRule } from "@studio/contracts";
import { dayCardioMinutes } from "./day-cardio-minutes";
import { dayStepsGoal } from "./day-steps-goal";
import { isTechniqueVideoRequired } from "./is-technique-video-required";
import { normalizeTrainingContent } from "./normalize-training-content";
import { trainingRequirementOf } from "./training-requirement-of";
import { weeklyCardioMinutes } from "./weekly-cardio-minutes";

const plan = (
  requirement: Record<string, unknown>,
  days: Record<string, unknown>[] = [{}],
  workoutsPerWeek?: number,
) => normalizeTrainingContent({ meta: { requirement, workoutsPerWeek }, days });

describe("training requirement, document 2 'Derived rules'", () => {
  it("cardio applies unless mode is stepsOnly; steps apply unless mode is cardioOnly", () => {
    const applies = (mode: string) => {
      const r = trainingRequirementOf(plan({ mode }));
      return [r.cardioApplies, r.stepsApply];
    };
    expect(applies("both")).toEqual([true, true]);
    expect(applies("bothCompensated")).toEqual([true, true]);
    expect(applies("stepsOnly")).toEqual([false, true]);
    expect(applies("cardioOnly")).toEqual([true, false]);
  });

  it("weekly cardio minutes are the minutes for weekly scope", () => {
    expect(weeklyCardioMinutes(plan({ scope: "weekly", cardioMinutes: 150 }, [{}], 3))).toBe(150);
  });

  it("or minutes times workouts per week for perWorkout", () => {
    expect(weeklyCardioMinutes(plan({ scope: "perWorkout", cardioMinutes: 20 }, [{}], 4))).toBe(80);
    // without meta.workoutsPerWeek the number of plan days stands in
    expect(weeklyCardioMinutes(plan({ scope: "perWorkout", cardioMinutes: 20 }, [{}, {}, {}]))).toBe(60);
  });

  it("weekly cardio minutes are 0 when cardio does not apply (stepsOnly)", () => {
    expect(weeklyCardioMinutes(plan({ mode: "stepsOnly", scope: "weekly", cardioMinutes: 150 }))).toBe(0);
  });

  it("a day's cardio minutes are its own cardioMinutes when set", () => {
    const content = plan({ scope: "perWorkout", cardioMinutes: 20 }, [{ cardioMinutes: "45" }, {}]);
    expect(dayCardioMinutes(content, content.days[0]!)).toBe(45);
  });

  it("else the plan target (perWorkout: the target itself)", () => {
    const content = plan({ scope: "perWorkout", cardioMinutes: 20 }, [{ cardioMinutes: "45" }, {}]);
    expect(dayCardioMinutes(content, content.days[1]!)).toBe(20);
  });

  it("divided by workouts per week and rounded for weekly scope", () => {
    const content = plan({ scope: "weekly", cardioMinutes: 150 }, [{}, {}], 4);
    expect(dayCardioMinutes(content, content.days[0]!)).toBe(38); // 37.5 rounds to 38
    const three = plan({ scope: "weekly", cardioMinutes: 100 }, [{}, {}, {}]);
    expect(dayCardioMinutes(three, three.days[0]!)).toBe(33);
  });

  it("a blanked day (value equal to the plan value) still reads the same minutes", () => {
    const content = plan({ scope: "weekly", cardioMinutes: 150 }, [{ cardioMinutes: "38" }], 4);
    expect(content.days[0]!.cardioMinutes).toBe("");
    expect(dayCardioMinutes(content, content.days[0]!)).toBe(38);
  });

  it("a day's cardio minutes are 0 when mode is stepsOnly, even with its own value", () => {
    const content = plan({ mode: "stepsOnly", cardioMinutes: 20, scope: "perWorkout" }, [
      { cardioMinutes: "45" },
    ]);
    expect(dayCardioMinutes(content, content.days[0]!)).toBe(0);
  });

  it("a day's steps goal is its own stepsDaily when set, else the plan's daily steps", () => {
    const content = plan({ stepsDaily: 8000 }, [{ stepsDaily: "10000" }, {}]);
    expect(dayStepsGoal(content, content.days[0]!)).toBe(10000);
    expect(dayStepsGoal(content, content.days[1]!)).toBe(8000);
  });

  it("0 when no steps requirement (mode cardioOnly, or no daily steps in the plan)", () => {
    const cardioOnly = plan({ mode: "cardioOnly", stepsDaily: 8000 }, [{ stepsDaily: "10000" }]);
    expect(dayStepsGoal(cardioOnly, cardioOnly.days[0]!)).toBe(0);
    expect(trainingRequirementOf(cardioOnly).stepsDaily).toBe(0);
    const none = plan({});
    expect(dayStepsGoal(none, none.days[0]!)).toBe(0);
  });

  it("the summary carries mode, scope, workouts per week and the per-day value", () => {
    expect(
      trainingRequirementOf(
        plan({ mode: "bothCompensated", scope: "weekly", cardioMinutes: 120, stepsDaily: 7000 }, [{}], 3),
      ),
    ).toEqual({
      mode: "bothCompensated",
      scope: "weekly",
      cardioApplies: true,
      stepsApply: true,
      workoutsPerWeek: 3,
      cardioMinutes: 120,
      weeklyCardioMinutes: 120,
      dayCardioMinutes: 40,
      stepsDaily: 7000,
    });
  });

  it("day functions read a hand-built day leniently (not a positive integer string: the plan value)", () => {
    const content = plan({ scope: "perWorkout", cardioMinutes: 20, stepsDaily: 5000 });
    expect(dayCardioMinutes(content, { cardioMinutes: "abc" })).toBe(20);
    expect(dayStepsGoal(content, { stepsDaily: "0" })).toBe(5000);
  });
});

describe("technique video rule: 'The rule is required when mode is coachDemand and either trigger is set'", () => {
  const rule = (r: Partial<TechniqueVideoRule>): TechniqueVideoRule => ({
    mode: "none",
    firstTime: false,
    everyN: "",
    ...r,
  });

  it("coachDemand with firstTime true or everyN set is required", () => {
    expect(isTechniqueVideoRequired(rule({ mode: "coachDemand", firstTime: true }))).toBe(true);
    expect(isTechniqueVideoRequired(rule({ mode: "coachDemand", everyN: "3" }))).toBe(true);
  });

  it("coachDemand without a trigger (a one-off requestedAt) is not; none never is", () => {
    expect(isTechniqueVideoRequired(rule({ mode: "coachDemand", requestedAt: "2026-01-01T00:00:00Z" }))).toBe(
      false,
    );
    expect(isTechniqueVideoRequired(rule({ mode: "none", firstTime: true, everyN: "2" }))).toBe(false);
    expect(isTechniqueVideoRequired(null)).toBe(false);
    expect(isTechniqueVideoRequired(undefined)).toBe(false);
  });

  it("a derived mode makes a rule with triggers required", () => {
    const content = normalizeTrainingContent({
      days: [{ strength: [{ sets: [], techniqueVideo: { everyN: 5 } }] }],
    });
    expect(isTechniqueVideoRequired(content.days[0]!.strength[0]!.techniqueVideo)).toBe(true);
  });
});
