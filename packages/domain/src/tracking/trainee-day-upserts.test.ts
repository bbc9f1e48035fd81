import { describe, expect, it } from "vitest";
import { todayKey } from "../time/day-keys";
import { todayKeyAt } from "./trainee-day-upserts";

describe("todayKeyAt: todayKey remembered per zone for one second", () => {
  it("changes at local midnight even within the same minute of asking (Jerusalem, winter +2)", () => {
    const before = new Date("2026-01-01T21:59:59.999Z");
    const after = new Date("2026-01-01T22:00:00.000Z");
    expect(todayKeyAt(before, "Asia/Jerusalem")).toBe("2026-01-01");
    expect(todayKeyAt(after, "Asia/Jerusalem")).toBe("2026-01-02");
    // Back in the earlier second (a request clock is not monotonic across requests).
    expect(todayKeyAt(before, "Asia/Jerusalem")).toBe("2026-01-01");
  });

  it("each zone its own day for the same second; half-hour and 45-minute offsets", () => {
    const at = new Date("2026-03-01T18:30:00.000Z");
    for (const zone of [
      "Asia/Jerusalem",
      "America/New_York",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Pacific/Kiritimati",
    ])
      expect(todayKeyAt(at, zone)).toBe(todayKey(at, zone));
    // Kolkata (+5:30) reaches midnight exactly at 18:30Z; a millisecond before it is the day before.
    expect(todayKeyAt(new Date("2026-03-01T18:29:59.999Z"), "Asia/Kolkata")).toBe("2026-03-01");
    expect(todayKeyAt(at, "Asia/Kolkata")).toBe("2026-03-02");
  });

  it("agrees with todayKey over a DST change, second by second around it", () => {
    // Jerusalem moves to summer time on 2026-03-27 at 02:00 local (00:00Z); midnight itself is
    // 22:00Z the evening before.
    const start = Date.parse("2026-03-26T21:59:55Z");
    for (let ms = 0; ms < 10_000; ms += 250) {
      const now = new Date(start + ms);
      expect(todayKeyAt(now, "Asia/Jerusalem")).toBe(todayKey(now, "Asia/Jerusalem"));
    }
  });
});
