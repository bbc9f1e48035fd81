import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  localParts,
  pickTimeZone,
  weekdayOf,
  zonedDateTimeToInstant,
  zoneOffsetMs,
} from "./zoned-time";

describe("zoned time (one module for zone and day math)", () => {
  it("local parts of an instant follow the zone, including the calendar date across midnight", () => {
    const instant = new Date("2026-03-01T22:30:00Z");
    expect(localParts(instant, "Asia/Jerusalem")).toEqual({
      date: "2026-03-02",
      time: "00:30",
      weekday: 1,
      minuteOfDay: 30,
    });
    expect(localParts(instant, "America/New_York")).toMatchObject({
      date: "2026-03-01",
      time: "17:30",
      weekday: 0,
    });
  });

  it("a wall time in summer and in winter maps to the zone's offset of that date", () => {
    expect(zonedDateTimeToInstant("2026-07-10", "19:00", "Asia/Jerusalem").toISOString()).toBe(
      "2026-07-10T16:00:00.000Z",
    );
    expect(zonedDateTimeToInstant("2026-01-10", "19:00", "Asia/Jerusalem").toISOString()).toBe(
      "2026-01-10T17:00:00.000Z",
    );
    expect(zoneOffsetMs(new Date("2026-07-10T12:00:00Z"), "Asia/Jerusalem")).toBe(3 * 3600_000);
  });

  it("DST edge: a wall time skipped when clocks go forward moves forward by the gap", () => {
    // New York, 2026-03-08: 02:00 → 03:00.
    expect(zonedDateTimeToInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    expect(localParts(new Date("2026-03-08T07:30:00Z"), "America/New_York").time).toBe("03:30");
    // Jerusalem, 2026-03-27: 02:00 → 03:00.
    const jlm = zonedDateTimeToInstant("2026-03-27", "02:15", "Asia/Jerusalem");
    expect(localParts(jlm, "Asia/Jerusalem")).toMatchObject({ date: "2026-03-27", time: "03:15" });
  });

  it("DST edge: a wall time that happens twice when clocks go back takes the first occurrence", () => {
    // New York, 2026-11-01: 02:00 → 01:00, so 01:30 happens at 05:30Z (EDT) and 06:30Z (EST).
    expect(zonedDateTimeToInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
  });

  it("DST edge: the same wall time on the days around a change is 23 or 25 hours apart", () => {
    const before = zonedDateTimeToInstant("2026-03-07", "19:00", "America/New_York");
    const after = zonedDateTimeToInstant("2026-03-08", "19:00", "America/New_York");
    expect(after.getTime() - before.getTime()).toBe(23 * 3600_000);
    const fallBefore = zonedDateTimeToInstant("2026-10-31", "19:00", "America/New_York");
    const fallAfter = zonedDateTimeToInstant("2026-11-01", "19:00", "America/New_York");
    expect(fallAfter.getTime() - fallBefore.getTime()).toBe(25 * 3600_000);
  });

  it("calendar-day arithmetic ignores zones and DST (date keys)", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysBetween("2026-03-01", "2026-03-29")).toBe(28);
    expect(daysBetween("2026-03-29", "2026-03-01")).toBe(-28);
    expect(weekdayOf("2026-03-01")).toBe(0); // a Sunday
    expect(weekdayOf("1970-01-01")).toBe(4); // a Thursday
  });

  it("the trainee's zone wins, an invalid one falls back to the studio's, then UTC", () => {
    expect(pickTimeZone("Europe/Berlin", "Asia/Jerusalem")).toBe("Europe/Berlin");
    expect(pickTimeZone("Mars/Olympus", "Asia/Jerusalem")).toBe("Asia/Jerusalem");
    expect(pickTimeZone(null, undefined, "", "Not/AZone")).toBe("Asia/Jerusalem");
  });
});
