import { describe, expect, it } from "vitest";
import { downsampleEvenly } from "./downsample-evenly";
import { beatsRecord, findPersonalRecords } from "./personal-records";
import { workoutStreak } from "./workout-streak";
import { weightSourceOf, isAppWeighIn } from "./weight-source";
import { waterTotalOf } from "./daily-metric-record";

describe("tracking rules (pure)", () => {
  it("downsampling keeps both ends and spreads the rest evenly; short lists unchanged", () => {
    const points = Array.from({ length: 100 }, (_, i) => i);
    const out = downsampleEvenly(points, 12);
    expect(out).toHaveLength(12);
    expect(out[0]).toBe(0);
    expect(out.at(-1)).toBe(99);
    expect(new Set(out).size).toBe(12);
    expect(
      downsampleEvenly(
        Array.from({ length: 13 }, (_, i) => i),
        12,
      ),
    ).toEqual([0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]);
    expect(downsampleEvenly([1, 2, 3], 12)).toEqual([1, 2, 3]);
  });

  it("streak: current from today or yesterday, best the longest run", () => {
    expect(workoutStreak([], "2026-03-10")).toEqual({ current: 0, best: 0 });
    expect(workoutStreak(["2026-03-10"], "2026-03-10")).toEqual({ current: 1, best: 1 });
    expect(workoutStreak(["2026-03-09", "2026-03-08"], "2026-03-10")).toEqual({ current: 2, best: 2 });
    expect(workoutStreak(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-09"], "2026-03-10")).toEqual({
      current: 1,
      best: 3,
    });
    expect(workoutStreak(["2026-03-11", "2026-03-12"], "2026-03-10")).toEqual({ current: 0, best: 0 });
  });

  it("records: strictly more weight when either is weighted, else more reps; the first session only sets the baseline", () => {
    expect(beatsRecord({ weight: 80, reps: 1 }, { weight: 79.5, reps: 10 })).toBe(true);
    expect(beatsRecord({ weight: 80, reps: 10 }, { weight: 80, reps: 5 })).toBe(false);
    expect(beatsRecord({ weight: null, reps: 30 }, { weight: 10, reps: 5 })).toBe(false);
    expect(beatsRecord({ weight: 5, reps: 1 }, { weight: null, reps: 30 })).toBe(true);
    expect(beatsRecord({ weight: null, reps: 11 }, { weight: null, reps: 10 })).toBe(true);
    const log = (id: string, weight: number | null, reps: number, targetReps?: number) => ({
      id,
      performedOn: `2026-03-0${id}`,
      entries: [{ exerciseId: "x", name: "X", sets: [{ done: true, weight, reps, targetReps }] }],
    });
    expect(findPersonalRecords([log("1", 50, 5)])).toEqual([]);
    expect(findPersonalRecords([log("1", 50, 5), log("2", 55, 4, 5)]).map((r) => r.value)).toEqual([
      "55 kg × 4",
    ]);
    expect(findPersonalRecords([log("1", 50, 5), log("2", 55, 3, 4)])).toEqual([]); // 3 < 80 % of 4
    expect(findPersonalRecords([log("1", 50, 5), log("2", 0, 12)])).toEqual([]); // 0 kg is no weight
  });

  it("weight sources on the wire and the editable rule", () => {
    expect(
      ["app", "APP", "coach", "COACH", "form", "automation", "import", "import:csv", "whatever"].map(
        weightSourceOf,
      ),
    ).toEqual(["APP", "APP", "coach", "coach", "form", "automation", "import", "import", "APP"]);
    expect(isAppWeighIn("app")).toBe(true);
    expect(isAppWeighIn("APP")).toBe(true);
    expect(isAppWeighIn("whatever")).toBe(false);
  });

  it("the water total is the sum of the entries, never below zero", () => {
    const e = (amountMl: number) => ({ id: String(amountMl), amountMl, at: "", deductsEntryId: null });
    expect(waterTotalOf([e(300), e(-100)])).toBe(200);
    expect(waterTotalOf([e(300), e(-1000)])).toBe(0);
    expect(waterTotalOf([])).toBe(0);
  });
});
