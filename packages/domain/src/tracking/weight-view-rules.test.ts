import { describe, expect, it } from "vitest";
import { tileImproving, weeklyRateKg, weighInEveryDays } from "./weight-view-rules";

const at = (iso: string, weightKg: number) => ({ recordedAt: new Date(iso), weightKg });

describe("weight view rules (document 2 'Weight view')", () => {
  it("weeklyRateKg: first-to-last change scaled to seven days; null under two points or under a day apart", () => {
    expect(weeklyRateKg([])).toBeNull();
    expect(weeklyRateKg([at("2026-03-01T10:00:00Z", 80)])).toBeNull();
    expect(weeklyRateKg([at("2026-03-01T10:00:00Z", 80), at("2026-03-02T09:59:59Z", 79)])).toBeNull();
    expect(weeklyRateKg([at("2026-03-01T10:00:00Z", 80), at("2026-03-02T10:00:00Z", 79)])).toBe(-7);
    expect(
      weeklyRateKg([
        at("2026-03-01T10:00:00Z", 80),
        at("2026-03-05T10:00:00Z", 90),
        at("2026-03-15T10:00:00Z", 81),
      ]),
    ).toBe(0.5);
  });
  it("weighInEveryDays: span in days over the number of gaps, one decimal", () => {
    expect(weighInEveryDays(["2026-03-01"])).toBeNull();
    expect(weighInEveryDays(["2026-03-01", "2026-03-01"])).toBe(0);
    expect(weighInEveryDays(["2026-03-01", "2026-03-03", "2026-03-11"])).toBe(5);
    expect(weighInEveryDays(["2026-02-27", "2026-03-01", "2026-03-02", "2026-03-04"])).toBe(1.7);
  });
  it("tileImproving: up for arm, down for the rest, null for a zero or missing delta", () => {
    expect(tileImproving("arm", 1)).toBe(true);
    expect(tileImproving("arm", -1)).toBe(false);
    for (const key of ["chest", "waist", "hips", "thigh"] as const) {
      expect(tileImproving(key, -0.5)).toBe(true);
      expect(tileImproving(key, 0.5)).toBe(false);
      expect(tileImproving(key, 0)).toBeNull();
      expect(tileImproving(key, null)).toBeNull();
    }
  });
});
