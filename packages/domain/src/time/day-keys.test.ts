import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  chunksOf,
  dayEnd,
  dayKeyOf,
  dayNoon,
  dayStart,
  inRange,
  instantsOf,
  isFutureDay,
  keysOf,
  lastDays,
  lastWeeks,
  lengthOf,
  localTimeOf,
  previousRange,
  todayKey,
  weekOf,
} from "./day-keys";
import { FALLBACK_TIME_ZONE, pickTimeZone } from "./zoned-time";

const HOUR = 3_600_000;
// 22:30 UTC on Sunday 2026-03-01: already Monday in Jerusalem, still Sunday in New York.
const lateSunday = new Date("2026-03-01T22:30:00Z");

describe("day keys (the one place for trainee days, ranges and weeks)", () => {
  it("zone order: the first valid of trainee (or request) and studio, else Asia/Jerusalem", () => {
    expect(pickTimeZone("Europe/Berlin", "America/New_York")).toBe("Europe/Berlin");
    expect(pickTimeZone(null, "America/New_York")).toBe("America/New_York");
    expect(pickTimeZone("Mars/Olympus", undefined, "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(pickTimeZone(null, undefined, "", "Not/AZone")).toBe("Asia/Jerusalem");
    expect(pickTimeZone()).toBe(FALLBACK_TIME_ZONE);
  });

  it("request zones are read in their canonical spelling; anything else is not a zone", () => {
    expect(canonicalTimeZone("asia/jerusalem")).toBe("Asia/Jerusalem");
    expect(canonicalTimeZone("Asia/Tel_Aviv")).toBe("Asia/Jerusalem");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
    expect(canonicalTimeZone(undefined)).toBeNull();
    expect(canonicalTimeZone(`Europe/${"x".repeat(64)}`)).toBeNull();
  });

  it("today's key and an instant's key follow the zone across midnight", () => {
    expect(todayKey(lateSunday, "Asia/Jerusalem")).toBe("2026-03-02");
    expect(todayKey(lateSunday, "America/New_York")).toBe("2026-03-01");
    expect(todayKey(lateSunday, "UTC")).toBe("2026-03-01");
    expect(dayKeyOf(new Date("2026-07-10T21:00:00Z"), "Asia/Jerusalem")).toBe("2026-07-11"); // summer +3
    expect(dayKeyOf(new Date("2026-07-10T20:59:59Z"), "Asia/Jerusalem")).toBe("2026-07-10");
    expect(localTimeOf(lateSunday, "Asia/Jerusalem")).toBe("00:30");
    expect(localTimeOf(lateSunday, "Asia/Kolkata")).toBe("04:00");
  });

  it("a day starts at local midnight (winter and summer offsets) and ends when the next one starts", () => {
    expect(dayStart("2026-01-10", "Asia/Jerusalem").toISOString()).toBe("2026-01-09T22:00:00.000Z");
    expect(dayStart("2026-07-10", "Asia/Jerusalem").toISOString()).toBe("2026-07-09T21:00:00.000Z");
    expect(dayEnd("2026-07-10", "Asia/Jerusalem").toISOString()).toBe("2026-07-10T21:00:00.000Z");
    expect(dayNoon("2026-07-10", "Asia/Jerusalem").toISOString()).toBe("2026-07-10T09:00:00.000Z");
    // The key of the start instant is the day itself, and one millisecond before is the day before.
    const start = dayStart("2026-03-02", "America/New_York");
    expect(dayKeyOf(start, "America/New_York")).toBe("2026-03-02");
    expect(dayKeyOf(new Date(start.getTime() - 1), "America/New_York")).toBe("2026-03-01");
  });

  it("DST days last 23 or 25 hours; a zone whose clocks skip midnight starts the day when the gap ends", () => {
    const length = (key: string, zone: string) =>
      (dayEnd(key, zone).getTime() - dayStart(key, zone).getTime()) / HOUR;
    expect(length("2026-03-08", "America/New_York")).toBe(23);
    expect(length("2026-11-01", "America/New_York")).toBe(25);
    expect(length("2026-03-27", "Asia/Jerusalem")).toBe(23);
    expect(length("2026-10-25", "Asia/Jerusalem")).toBe(25);
    // Santiago skips 00:00-01:00 on 2026-09-06: the day starts at 01:00 local (04:00Z).
    expect(dayStart("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(localTimeOf(dayStart("2026-09-06", "America/Santiago"), "America/Santiago")).toBe("01:00");
    expect(length("2026-09-06", "America/Santiago")).toBe(23);
  });

  it("a future day is one whose key is after today's in the zone", () => {
    expect(isFutureDay("2026-03-02", lateSunday, "Asia/Jerusalem")).toBe(false); // already today there
    expect(isFutureDay("2026-03-02", lateSunday, "America/New_York")).toBe(true);
    expect(isFutureDay("2026-03-01", lateSunday, "America/New_York")).toBe(false);
    expect(isFutureDay("2025-12-31", lateSunday, "Pacific/Kiritimati")).toBe(false);
  });

  it("N days ending today, the previous equal span, their keys and instants", () => {
    const week = lastDays(lateSunday, "Asia/Jerusalem", 7);
    expect(week).toEqual({ from: "2026-02-24", to: "2026-03-02" });
    expect(lastDays(lateSunday, "America/New_York", 7)).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    expect(lastDays(lateSunday, "UTC", 1)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(lastDays(new Date("2028-03-01T12:00:00Z"), "UTC", 2)).toEqual({
      from: "2028-02-29",
      to: "2028-03-01",
    });
    expect(() => lastDays(lateSunday, "UTC", 0)).toThrow(RangeError);
    expect(previousRange(week)).toEqual({ from: "2026-02-17", to: "2026-02-23" });
    expect(keysOf({ from: "2026-02-27", to: "2026-03-02" })).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(keysOf({ from: "2026-03-02", to: "2026-03-01" })).toEqual([]);
    expect(inRange("2026-02-24", week)).toBe(true);
    expect(inRange("2026-02-23", week)).toBe(false);
    expect(inRange("2026-03-03", week)).toBe(false);
    const bounds = instantsOf(week, "Asia/Jerusalem");
    expect(bounds.start.toISOString()).toBe("2026-02-23T22:00:00.000Z");
    expect(bounds.end.toISOString()).toBe("2026-03-02T22:00:00.000Z");
  });

  it("weeks run Sunday to Saturday; the last N weeks end with the one holding today, oldest first", () => {
    expect(weekOf("2026-03-01")).toEqual({ from: "2026-03-01", to: "2026-03-07" }); // a Sunday
    expect(weekOf("2026-03-07")).toEqual({ from: "2026-03-01", to: "2026-03-07" }); // a Saturday
    expect(weekOf("2026-03-08")).toEqual({ from: "2026-03-08", to: "2026-03-14" });
    expect(weekOf("2027-01-01")).toEqual({ from: "2026-12-27", to: "2027-01-02" });
    // Late Sunday UTC is Monday 2026-03-02 in Jerusalem (same week) but Sunday in New York.
    expect(lastWeeks(lateSunday, "Asia/Jerusalem", 2)).toEqual([
      { from: "2026-02-22", to: "2026-02-28" },
      { from: "2026-03-01", to: "2026-03-07" },
    ]);
    // Saturday 23:30 in New York is already Sunday in Jerusalem: a new week there.
    const saturdayNight = new Date("2026-03-08T04:30:00Z");
    expect(lastWeeks(saturdayNight, "America/New_York", 1)).toEqual([
      { from: "2026-03-01", to: "2026-03-07" },
    ]);
    expect(lastWeeks(saturdayNight, "Asia/Jerusalem", 1)).toEqual([{ from: "2026-03-08", to: "2026-03-14" }]);
    expect(lastWeeks(lateSunday, "UTC", 8)).toHaveLength(8);
    expect(lastWeeks(lateSunday, "UTC", 8)[0]).toEqual({ from: "2026-01-11", to: "2026-01-17" });
  });

  it("chunksOf splits a range into consecutive chunks of at most n days, oldest first", () => {
    const range = { from: "2026-01-01", to: "2026-03-31" }; // 90 days
    expect(lengthOf(range)).toBe(90);
    const chunks = chunksOf(range, 62);
    expect(chunks).toEqual([
      { from: "2026-01-01", to: "2026-03-03" },
      { from: "2026-03-04", to: "2026-03-31" },
    ]);
    expect(chunks.map(lengthOf)).toEqual([62, 28]);
    expect(chunksOf({ from: "2026-01-01", to: "2026-01-07" }, 62)).toEqual([
      { from: "2026-01-01", to: "2026-01-07" },
    ]);
    expect(chunksOf({ from: "2026-01-02", to: "2026-01-01" }, 62)).toEqual([]);
    expect(lengthOf({ from: "2026-01-02", to: "2026-01-01" })).toBe(0);
    expect(() => chunksOf(range, 0)).toThrow(RangeError);
  });
});
