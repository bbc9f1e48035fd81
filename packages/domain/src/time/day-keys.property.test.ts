import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  chunksOf,
  dayEnd,
  dayKeyOf,
  dayStart,
  inRange,
  keysOf,
  lengthOf,
  previousRange,
  weekOf,
} from "./day-keys";
import {
  addDays,
  daysBetween,
  FALLBACK_TIME_ZONE,
  isKnownTimeZone,
  pickTimeZone,
  weekdayOf,
} from "./zoned-time";

// Property tests (fast-check) of the day keys (issue 16): zone names from any string never
// throw and are canonical after one pass; every day key the contracts admit (years 1 to 9999,
// boundedDate) round-trips through the day arithmetic; an instant lies inside its own local day.
// FC_SEED replays a run.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
console.warn(`day-keys.property: seed ${SEED} (replay with FC_SEED=${SEED})`);
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

const ZONES = [
  "Asia/Jerusalem",
  "UTC",
  "America/New_York",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "America/Santiago",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "America/St_Johns",
];
const zoneLike = fc.oneof(
  fc.constantFrom(...ZONES),
  fc.constantFrom(...ZONES).map((z) => z.toLowerCase()),
  fc.constantFrom(
    "",
    " ",
    "Etc/GMT+14",
    "Etc/GMT-15",
    "+02:00",
    "Z",
    "\u0000",
    "\uD800",
    "Asia/Jerusalem\u0000",
  ),
  fc.string({ maxLength: 70 }),
  fc.string({ unit: "binary", maxLength: 10 }),
  fc.constant("A".repeat(1_000_000)),
);
const zone = fc.constantFrom(...ZONES);

/** Any calendar date of years 1 to 9999 (what boundedDate admits). */
const dayKey = fc
  .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** Instants the contracts admit, with an eye on the edges and on DST-heavy recent years. */
const instant = fc.oneof(
  fc.date({
    min: new Date("0001-01-02T00:00:00Z"),
    max: new Date("9999-12-30T00:00:00Z"),
    noInvalidDate: true,
  }),
  fc.date({
    min: new Date("1990-01-01T00:00:00Z"),
    max: new Date("2100-01-01T00:00:00Z"),
    noInvalidDate: true,
  }),
);
const KEY = /^\d{4}-\d{2}-\d{2}$/;
/** Keys far enough from 9999-12-31 that a week or a 62-day chunk after them is still a key. */
const innerDayKey = dayKey.filter((key) => key <= "9999-09-01");

describe("day keys: properties", () => {
  it("zone names: never throw; null or a known zone; canonical after one pass", () => {
    fc.assert(
      fc.property(zoneLike, (raw) => {
        const canonical = canonicalTimeZone(raw);
        if (canonical !== null) {
          expect(isKnownTimeZone(canonical)).toBe(true);
          expect(canonicalTimeZone(canonical)).toBe(canonical);
        }
        const resolved = pickTimeZone(raw, null, undefined);
        expect(isKnownTimeZone(resolved)).toBe(true);
        if (!isKnownTimeZone(raw)) expect(resolved).toBe(FALLBACK_TIME_ZONE);
      }),
      runs(400),
    );
  });

  it("day arithmetic over years 1 to 9999: keys stay keys and round-trip", () => {
    fc.assert(
      fc.property(innerDayKey, fc.integer({ min: -400, max: 400 }), (key, n) => {
        const later = addDays(key, n);
        if (later < "0001-01-01" || later > "9999-12-31") return;
        expect(later).toMatch(KEY);
        expect(addDays(later, -n)).toBe(key);
        expect(daysBetween(key, later)).toBe(n);
        expect(weekdayOf(later)).toBe((((weekdayOf(key) + n) % 7) + 7) % 7);
        const week = weekOf(key);
        expect(weekdayOf(week.from)).toBe(0);
        expect(inRange(key, week)).toBe(true);
      }),
      runs(400),
    );
  });

  it("ranges: keysOf, lengthOf, chunksOf and previousRange agree", () => {
    fc.assert(
      fc.property(
        innerDayKey,
        fc.integer({ min: -5, max: 120 }),
        fc.integer({ min: 1, max: 62 }),
        (from, n, size) => {
          const to = addDays(from, n);
          const range = { from, to };
          const keys = keysOf(range);
          expect(keys).toHaveLength(lengthOf(range));
          expect(keys.length).toBe(Math.max(0, n + 1));
          expect(chunksOf(range, size).flatMap(keysOf)).toStrictEqual(keys);
          if (keys.length && addDays(from, -keys.length) >= "0001-01-01") {
            const before = previousRange(range);
            expect(lengthOf(before)).toBe(keys.length);
            expect(addDays(before.to, 1)).toBe(from);
          }
        },
      ),
      runs(300),
    );
  });

  it("an instant lies inside its own local day, in every zone", () => {
    fc.assert(
      fc.property(instant, zone, (at, z) => {
        const key = dayKeyOf(at, z);
        expect(key).toMatch(KEY);
        const start = dayStart(key, z).getTime();
        const end = dayEnd(key, z).getTime();
        expect(start).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(end);
        expect(dayKeyOf(new Date(start), z)).toBe(key);
        // 23 to 25 hours, or a whole skipped day in rare zones (Pacific/Apia 2011 style) plus 24
        expect(end - start).toBeGreaterThanOrEqual(22 * 3_600_000);
        expect(end - start).toBeLessThanOrEqual(49 * 3_600_000);
      }),
      runs(300),
    );
  });

  it("years 1 to 99 are not read as 1900 to 1999 (regression: Date.UTC maps them)", () => {
    expect(addDays("0050-01-01", 1)).toBe("0050-01-02");
    expect(daysBetween("0099-12-31", "0100-01-01")).toBe(1);
    expect(addDays("0001-01-01", -0)).toBe("0001-01-01");
    expect(weekdayOf("0001-01-01")).toBe(1); // a Monday in the proleptic Gregorian calendar
    expect(dayStart("0050-06-01", "UTC").toISOString()).toBe("0050-06-01T00:00:00.000Z");
    expect(dayKeyOf(new Date("0099-12-31T21:39:05.999Z"), "Asia/Jerusalem")).toBe("0099-12-31");
    expect(dayStart("0099-12-31", "Asia/Jerusalem").getTime()).toBeLessThan(
      new Date("0099-12-31T21:39:05.999Z").getTime(),
    );
  });

  // Reported, not fixed here: a day after 9999-12-31 has no key ("+010000-01" from
  // toISOString), so the range helpers throw RangeError on a range ending on the last day the
  // contracts admit. it.fails turns green the day it is fixed (then make it a plain it).
  it.fails("KNOWN: ranges ending on 9999-12-31 (chunksOf, dayEnd, weekOf) throw RangeError", () => {
    expect(() => chunksOf({ from: "9999-12-01", to: "9999-12-31" }, 62)).not.toThrow();
    expect(() => dayEnd("9999-12-31", "UTC")).not.toThrow();
    expect(() => weekOf("9999-12-31")).not.toThrow();
  });
});
