import { describe, expect, it } from "vitest";
import { cutWindow, generateSlots, walkDates, windowMinuteInstant, type SlotWindow } from "./slots";

const ZONE = "Asia/Jerusalem";
const iso = (d: Date) => d.toISOString();
const at = (value: string) => new Date(value);
const LONG_AGO = at("2000-01-01T00:00:00Z");

const recurring = (weekday: number, fields: Partial<SlotWindow> = {}): SlotWindow => ({
  kind: "RECURRING",
  weekday,
  date: null,
  startMinute: 9 * 60,
  endMinute: 11 * 60,
  durationMin: 60,
  slotType: "TRAINING",
  isActive: true,
  ...fields,
});
const dated = (date: string, fields: Partial<SlotWindow> = {}): SlotWindow => ({
  ...recurring(0),
  kind: "DATE",
  weekday: null,
  date,
  ...fields,
});
const starts = (slots: { startsAt: Date }[]) => slots.map((s) => iso(s.startsAt));

describe("window minutes in the studio zone", () => {
  it("winter (UTC+2) and summer (UTC+3) local times; minute 1440 is the next midnight", () => {
    expect(iso(windowMinuteInstant("2025-01-05", 9 * 60, ZONE))).toBe("2025-01-05T07:00:00.000Z");
    expect(iso(windowMinuteInstant("2025-07-06", 9 * 60, ZONE))).toBe("2025-07-06T06:00:00.000Z");
    expect(iso(windowMinuteInstant("2025-07-06", 1440, ZONE))).toBe("2025-07-06T21:00:00.000Z");
    expect(iso(windowMinuteInstant("2025-01-05", 9 * 60, "UTC"))).toBe("2025-01-05T09:00:00.000Z");
  });
});

describe("cutting a window into back-to-back slots", () => {
  it("slots of durationMin from the start while they end by the window's end (a remainder is dropped)", () => {
    const slots = cutWindow(
      recurring(0, { startMinute: 600, endMinute: 700, durationMin: 30 }),
      "2025-01-05",
      ZONE,
    );
    expect(slots.map((s) => [iso(s.startsAt), iso(s.endsAt)])).toEqual([
      ["2025-01-05T08:00:00.000Z", "2025-01-05T08:30:00.000Z"],
      ["2025-01-05T08:30:00.000Z", "2025-01-05T09:00:00.000Z"],
      ["2025-01-05T09:00:00.000Z", "2025-01-05T09:30:00.000Z"],
    ]);
  });

  it("the day clocks go forward (2025-03-28 02:00 → 03:00): 00:00–06:00 is five real hours, five slots, none in the skipped hour", () => {
    const slots = cutWindow(dated("2025-03-28", { startMinute: 0, endMinute: 360 }), "2025-03-28", ZONE);
    expect(starts(slots)).toEqual([
      "2025-03-27T22:00:00.000Z", // 00:00 +02
      "2025-03-27T23:00:00.000Z", // 01:00 +02
      "2025-03-28T00:00:00.000Z", // 03:00 +03
      "2025-03-28T01:00:00.000Z", // 04:00 +03
      "2025-03-28T02:00:00.000Z", // 05:00 +03
    ]);
    for (const s of slots) expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(3_600_000);
    // A window inside the skipped hour has no length.
    expect(cutWindow(dated("2025-03-28", { startMinute: 120, endMinute: 180 }), "2025-03-28", ZONE)).toEqual(
      [],
    );
  });

  it("the day clocks go back (2025-10-26 02:00 → 01:00): 00:00–06:00 is seven real hours, 01:00 offered twice", () => {
    const slots = cutWindow(dated("2025-10-26", { startMinute: 0, endMinute: 360 }), "2025-10-26", ZONE);
    expect(starts(slots)).toEqual([
      "2025-10-25T21:00:00.000Z", // 00:00 +03
      "2025-10-25T22:00:00.000Z", // 01:00 +03
      "2025-10-25T23:00:00.000Z", // 01:00 +02
      "2025-10-26T00:00:00.000Z", // 02:00 +02
      "2025-10-26T01:00:00.000Z",
      "2025-10-26T02:00:00.000Z",
      "2025-10-26T03:00:00.000Z", // 05:00 +02, ends 06:00 +02
    ]);
  });

  it("the same recurring window before and after the change keeps its local time (09:00 is 07:00Z, then 06:00Z)", () => {
    // Sunday 2025-03-23 (winter) and Sunday 2025-03-30 (summer).
    const slots = generateSlots({
      windows: [recurring(0, { endMinute: 10 * 60 })],
      from: at("2025-03-23T00:00:00+02:00"),
      to: at("2025-04-01T00:00:00+03:00"),
      now: LONG_AGO,
      zone: ZONE,
    });
    expect(starts(slots)).toEqual(["2025-03-23T07:00:00.000Z", "2025-03-30T06:00:00.000Z"]);
  });
});

describe("generateSlots", () => {
  const week = { from: at("2025-01-05T00:00:00+02:00"), to: at("2025-01-12T00:00:00+02:00") }; // Sunday to Sunday

  it("recurring windows repeat on their weekday; date windows apply on their date only; inactive windows never", () => {
    const slots = generateSlots({
      ...week,
      now: LONG_AGO,
      zone: ZONE,
      windows: [
        recurring(0, { endMinute: 10 * 60 }), // Sundays 09:00
        dated("2025-01-07", { startMinute: 14 * 60, endMinute: 15 * 60, slotType: "CONVERSATION" }), // Tuesday 14:00
        dated("2025-02-07", { startMinute: 14 * 60, endMinute: 15 * 60 }), // outside the range
        recurring(3, { isActive: false }), // Wednesdays, inactive
      ],
    });
    expect(slots.map((s) => [iso(s.startsAt), s.type])).toEqual([
      ["2025-01-05T07:00:00.000Z", "TRAINING"],
      ["2025-01-07T12:00:00.000Z", "CONVERSATION"],
    ]);
  });

  it("the type filter keeps windows of that slot type", () => {
    const windows = [
      recurring(0),
      recurring(0, { slotType: "CONVERSATION", startMinute: 12 * 60, endMinute: 13 * 60 }),
    ];
    const base = { ...week, now: LONG_AGO, zone: ZONE, windows };
    expect(generateSlots({ ...base, type: "CONVERSATION" }).map((s) => s.type)).toEqual(["CONVERSATION"]);
    expect(generateSlots({ ...base, type: "TRAINING" }).map((s) => s.type)).toEqual(["TRAINING", "TRAINING"]);
    expect(generateSlots(base)).toHaveLength(3);
  });

  it("only slots starting inside [from, to) and after now", () => {
    const windows = [recurring(0, { startMinute: 8 * 60, endMinute: 12 * 60 })]; // 08, 09, 10, 11 local
    const from = at("2025-01-05T09:00:00+02:00");
    const to = at("2025-01-05T11:00:00+02:00");
    expect(starts(generateSlots({ windows, from, to, now: LONG_AGO, zone: ZONE }))).toEqual([
      "2025-01-05T07:00:00.000Z",
      "2025-01-05T08:00:00.000Z",
    ]);
    // now = 09:00 exactly: the 09:00 slot has started, so only 10:00 is in the future.
    expect(starts(generateSlots({ windows, from, to, now: from, zone: ZONE }))).toEqual([
      "2025-01-05T08:00:00.000Z",
    ]);
  });

  it("the walk covers at most 31 days from from", () => {
    const daily = [0, 1, 2, 3, 4, 5, 6].map((d) => recurring(d, { endMinute: 10 * 60 }));
    const from = at("2025-01-01T00:00:00+02:00");
    const slots = generateSlots({
      windows: daily,
      from,
      to: at("2025-06-01T00:00:00+03:00"),
      now: LONG_AGO,
      zone: ZONE,
    });
    expect(slots).toHaveLength(31);
    expect(iso(slots.at(-1)!.startsAt)).toBe("2025-01-31T07:00:00.000Z");
    expect(walkDates(from, at("2025-06-01T00:00:00Z"), ZONE)).toHaveLength(31);
    expect(walkDates(from, at("2025-01-03T00:00:00+02:00"), ZONE)).toEqual(["2025-01-01", "2025-01-02"]);
    expect(walkDates(from, from, ZONE)).toEqual([]);
  });

  it("a slot overlapping a busy range is dropped; touching ranges are not overlaps", () => {
    const windows = [recurring(0, { startMinute: 8 * 60, endMinute: 12 * 60 })];
    const busy = [
      { startsAt: at("2025-01-05T09:30:00+02:00"), endsAt: at("2025-01-05T10:15:00+02:00") }, // hits 09:00 and 10:00
      { startsAt: at("2025-01-05T07:00:00+02:00"), endsAt: at("2025-01-05T08:00:00+02:00") }, // ends when 08:00 starts
    ];
    const slots = generateSlots({ windows, ...week, now: LONG_AGO, zone: ZONE, busy });
    expect(starts(slots)).toEqual(["2025-01-05T06:00:00.000Z", "2025-01-05T09:00:00.000Z"]);
  });

  it("identical slots of two overlapping windows are answered once; earliest first, TRAINING before CONVERSATION", () => {
    const windows = [
      recurring(0, { slotType: "CONVERSATION" }),
      recurring(0),
      dated("2025-01-05"), // same as the recurring TRAINING window on that Sunday
    ];
    const slots = generateSlots({ windows, ...week, now: LONG_AGO, zone: ZONE });
    expect(slots.map((s) => `${iso(s.startsAt)} ${s.type}`)).toEqual([
      "2025-01-05T07:00:00.000Z TRAINING",
      "2025-01-05T07:00:00.000Z CONVERSATION",
      "2025-01-05T08:00:00.000Z TRAINING",
      "2025-01-05T08:00:00.000Z CONVERSATION",
    ]);
  });

  it("answers at most `limit` slots, the earliest ones", () => {
    const windows = [recurring(0, { startMinute: 0, endMinute: 1440, durationMin: 1 })];
    const slots = generateSlots({ windows, ...week, now: LONG_AGO, zone: ZONE, limit: 5 });
    expect(starts(slots)).toEqual([
      "2025-01-04T22:00:00.000Z",
      "2025-01-04T22:01:00.000Z",
      "2025-01-04T22:02:00.000Z",
      "2025-01-04T22:03:00.000Z",
      "2025-01-04T22:04:00.000Z",
    ]);
  });
});
