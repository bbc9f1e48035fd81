import { describe, expect, it } from "vitest";
import { normalizeNutritionContent } from "./normalize-nutrition-content";
import { normalizeTrainingContent } from "./normalize-training-content";
import { nutritionDayAt } from "./nutrition-day-at";
import { planDayIndex } from "./plan-day-index";
import { trainingDayAt } from "./training-day-at";
import { waterTargetMl } from "./water-target-ml";

describe("day rotation (document 2: offset 0 is the first day, 1 the second, wrapping, including negative offsets)", () => {
  const nutrition = normalizeNutritionContent({ days: [{ id: "a" }, { id: "b" }, { id: "c" }] });

  it("offset 0 is the first day, 1 the second", () => {
    expect(nutritionDayAt(nutrition, 0)?.id).toBe("a");
    expect(nutritionDayAt(nutrition, 1)?.id).toBe("b");
  });

  it("wrapping", () => {
    expect(nutritionDayAt(nutrition, 3)?.id).toBe("a");
    expect(nutritionDayAt(nutrition, 7)?.id).toBe("b");
    expect(nutritionDayAt(nutrition, 3_000_000_002)?.id).toBe("c");
  });

  it("including negative offsets (-1 is the last day)", () => {
    expect(nutritionDayAt(nutrition, -1)?.id).toBe("c");
    expect(nutritionDayAt(nutrition, -3)?.id).toBe("a");
    expect(nutritionDayAt(nutrition, -4)?.id).toBe("c");
    expect(nutritionDayAt(nutrition, -3_000_000_002)?.id).toBe("b");
  });

  it("a fractional offset counts whole days (floor); a non-finite one is 0", () => {
    expect(planDayIndex(3, 1.9)).toBe(1);
    expect(planDayIndex(3, -0.5)).toBe(2);
    expect(planDayIndex(3, Number.NaN)).toBe(0);
    expect(planDayIndex(3, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("no days: -1 and null", () => {
    expect(planDayIndex(0, 5)).toBe(-1);
    expect(nutritionDayAt({ days: [] }, 0)).toBeNull();
    expect(trainingDayAt({ days: [] }, 0)).toBeNull();
  });

  it("training plans rotate the same way (today's plan day by rotation)", () => {
    const training = normalizeTrainingContent({ days: [{}, {}] });
    expect(trainingDayAt(training, 0)?.id).toBe("d1");
    expect(trainingDayAt(training, 5)?.id).toBe("d2");
    expect(trainingDayAt(training, -2)?.id).toBe("d1");
  });
});

describe("water target (document 2: water times 1000, rounded, 0 when none)", () => {
  it("litres to millilitres, rounded", () => {
    expect(waterTargetMl({ water: 3 })).toBe(3000);
    expect(waterTargetMl({ water: 2.5 })).toBe(2500);
    expect(waterTargetMl({ water: 1.2345 })).toBe(1235);
    expect(waterTargetMl({ water: 0.0004 })).toBe(0);
  });

  it("0 when none", () => {
    expect(waterTargetMl({ water: 0 })).toBe(0);
    expect(waterTargetMl({})).toBe(0);
    expect(waterTargetMl(null)).toBe(0);
    expect(waterTargetMl(undefined)).toBe(0);
    expect(waterTargetMl({ water: -1 })).toBe(0);
    expect(waterTargetMl({ water: "3" })).toBe(0);
    expect(waterTargetMl({ water: Number.NaN })).toBe(0);
  });

  it("reads a normalized day's targets (default 3 l)", () => {
    expect(waterTargetMl(normalizeNutritionContent({}).days[0]!.targets)).toBe(3000);
  });
});
