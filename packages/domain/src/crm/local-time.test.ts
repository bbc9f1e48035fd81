import { describe, expect, it } from "vitest";
import { createdRange, parseLocalDateOrInstant, startOfLocalMonth, startOfNextLocalDay } from "./local-time";

describe("CRM local time boundaries", () => {
  it("month and day boundaries use server local time", () => {
    const now = new Date(2024, 4, 15, 23, 59, 30);
    expect(startOfLocalMonth(now)).toEqual(new Date(2024, 4, 1, 0, 0, 0));
    expect(startOfNextLocalDay(now)).toEqual(new Date(2024, 4, 16, 0, 0, 0));
    expect(startOfNextLocalDay(new Date(2024, 11, 31, 8))).toEqual(new Date(2025, 0, 1));
  });

  it("a YYYY-MM-DD value is the first local moment of that day; an ISO date-time is that instant", () => {
    expect(parseLocalDateOrInstant("2024-03-09")).toEqual({ instant: new Date(2024, 2, 9), dateOnly: true });
    expect(parseLocalDateOrInstant("2024-03-09T10:00:00Z")).toEqual({
      instant: new Date(Date.UTC(2024, 2, 9, 10)),
      dateOnly: false,
    });
  });

  it("to (date, created at or before) includes the whole local day; from is created at or after", () => {
    expect(createdRange("2024-03-01", "2024-03-09")).toEqual({
      gte: new Date(2024, 2, 1),
      lt: new Date(2024, 2, 10),
    });
    expect(createdRange(undefined, "2024-03-09T10:00:00Z")).toEqual({
      lte: new Date(Date.UTC(2024, 2, 9, 10)),
    });
    expect(createdRange()).toEqual({});
  });
});
