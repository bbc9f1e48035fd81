import { describe, expect, it } from "vitest";
import {
  assignDayIds,
  assignSiblingIds,
  cleanText,
  dayLetterLabel,
  isIsoInstant,
  passThroughJson,
  positiveIntString,
  readClockTime,
  readNumber,
} from "./plan-values";

describe("plan value readers", () => {
  it("cleanText trims, writes numbers out, refuses other types, cuts without splitting a pair", () => {
    expect(cleanText("  a b  ", 10)).toBe("a b");
    expect(cleanText(12.5, 10)).toBe("12.5");
    expect(cleanText(-0, 10)).toBe("0");
    expect(cleanText(Number.NaN, 10)).toBeUndefined();
    expect(cleanText(true, 10)).toBeUndefined();
    expect(cleanText({}, 10)).toBeUndefined();
    expect(cleanText("abc😀", 4)).toBe("abc");
    expect(cleanText("ab  cd", 3)).toBe("ab"); // cut, then trailing space trimmed
  });

  it("readNumber reads finite numbers and decimal strings only", () => {
    expect(readNumber(" 12 ")).toBe(12);
    expect(readNumber("-2.5")).toBe(-2.5);
    expect(readNumber("0x10")).toBeUndefined();
    expect(readNumber("1e3")).toBeUndefined();
    expect(readNumber("")).toBeUndefined();
    expect(readNumber(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(Object.is(readNumber(-0), 0)).toBe(true);
  });

  it("positiveIntString canonicalizes and bounds", () => {
    expect(positiveIntString("007", 100)).toBe("7");
    expect(positiveIntString(100, 100)).toBe("100");
    expect(positiveIntString(101, 100)).toBe("");
    expect(positiveIntString("1".repeat(30), 100)).toBe("");
  });

  it("isIsoInstant needs a zone and a real calendar date and time", () => {
    expect(isIsoInstant("2024-02-29T00:00:00Z")).toBe(true);
    expect(isIsoInstant("2023-02-29T00:00:00Z")).toBe(false);
    expect(isIsoInstant("2026-04-31T00:00:00Z")).toBe(false);
    expect(isIsoInstant("2026-01-01T10:00Z")).toBe(true);
    expect(isIsoInstant("2026-01-01T10:00:00.123456Z")).toBe(true);
    expect(isIsoInstant("2026-01-01T10:00:60Z")).toBe(false);
    expect(isIsoInstant("2026-01-01 10:00:00Z")).toBe(false);
    expect(isIsoInstant("0000-01-01T00:00:00Z")).toBe(false);
  });

  it("readClockTime", () => {
    expect(readClockTime("8:00")).toBe("08:00");
    expect(readClockTime("23:59")).toBe("23:59");
    expect(readClockTime("23:5")).toBeUndefined();
  });

  it("assignDayIds: positional defaults, first holder keeps, duplicates take the next free", () => {
    expect(assignDayIds([undefined, "d1", "d1", undefined], "d")).toEqual(["d2", "d1", "d3", "d4"]);
  });

  it("assignSiblingIds survives an id source that repeats itself", () => {
    const ids = assignSiblingIds([undefined, undefined, "x"], () => "x");
    expect(ids[2]).toBe("x");
    expect(new Set(ids).size).toBe(3);
  });

  it("dayLetterLabel", () => {
    expect([0, 1, 25, 26, 51, 52, 701, 702].map(dayLetterLabel)).toEqual([
      "Day A",
      "Day B",
      "Day Z",
      "Day AA",
      "Day AZ",
      "Day BA",
      "Day ZZ",
      "Day AAA",
    ]);
  });

  it("passThroughJson copies JSON, drops what is not JSON or too large", () => {
    expect(passThroughJson({ a: [1, "b", null, true] })).toEqual({ a: [1, "b", null, true] });
    expect(passThroughJson(undefined)).toBeUndefined();
    expect(passThroughJson(() => 1)).toBeUndefined();
    expect(passThroughJson([Number.NaN, undefined])).toEqual([null, null]);
    expect(passThroughJson({ a: undefined, b: 1 })).toEqual({ b: 1 });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(passThroughJson(cyclic)).toBeUndefined();
    expect(passThroughJson(Array.from({ length: 5000 }, () => 1))).toBeUndefined();
  });
});
