import { describe, expect, it } from "vitest";
import type { NotificationMessage } from "@studio/contracts";
import {
  dueFormReminders,
  dueSentFormReminders,
  isCheckInFormDay,
  isCheckInReminder,
  remindsFormType,
} from "./check-in-schedule";

const reminder = (over: Partial<NotificationMessage> = {}): NotificationMessage => ({
  id: "r",
  enabled: true,
  title: "T",
  subtitle: "",
  formType: "CHECK_IN",
  offsetDays: -1,
  time: "19:00",
  onlyIfNotFilled: false,
  opens: "home",
  ...over,
});

describe("check-in form days", () => {
  it("WEEKLY (and no cadence): every 7 days from the first form day, none before it", () => {
    const s = { startDate: "2026-03-01", cadence: "WEEKLY" };
    expect(isCheckInFormDay(s, "2026-03-01")).toBe(true);
    expect(isCheckInFormDay(s, "2026-03-08")).toBe(true);
    expect(isCheckInFormDay(s, "2026-03-09")).toBe(false);
    expect(isCheckInFormDay(s, "2026-02-22")).toBe(false);
    expect(isCheckInFormDay({ ...s, cadence: null }, "2026-03-15")).toBe(true);
  });

  it("BIWEEKLY: every 14 days", () => {
    const s = { startDate: "2026-03-01", cadence: "BIWEEKLY" };
    expect(isCheckInFormDay(s, "2026-03-08")).toBe(false);
    expect(isCheckInFormDay(s, "2026-03-15")).toBe(true);
  });

  it("MONTHLY: the same day of each month, clamped to the month's last day", () => {
    const s = { startDate: "2026-01-31", cadence: "MONTHLY" };
    expect(isCheckInFormDay(s, "2026-02-28")).toBe(true);
    expect(isCheckInFormDay(s, "2026-03-31")).toBe(true);
    expect(isCheckInFormDay(s, "2026-03-28")).toBe(false);
    expect(isCheckInFormDay(s, "2025-12-31")).toBe(false);
  });
});

describe("due FORM_REMINDERS reminders", () => {
  const schedule = { startDate: "2026-03-01", cadence: "WEEKLY" }; // Sundays
  const zone = "Asia/Jerusalem";

  it("the default reminder fires the day before the form day at 19:00 in the trainee's zone", () => {
    // Saturday 2026-03-07 19:00 in Jerusalem (UTC+2) is 17:00Z.
    expect(
      dueFormReminders({ now: new Date("2026-03-07T16:59:00Z"), zone, schedule, reminders: [reminder()] }),
    ).toEqual([]);
    const due = dueFormReminders({
      now: new Date("2026-03-07T17:02:00Z"),
      zone,
      schedule,
      reminders: [reminder()],
    });
    expect(due).toEqual([
      { reminder: reminder(), formDay: "2026-03-08", dueAt: new Date("2026-03-07T17:00:00Z") },
    ]);
  });

  it("the same instant is not due in another zone (the wall time is local)", () => {
    expect(
      dueFormReminders({
        now: new Date("2026-03-07T17:02:00Z"),
        zone: "America/New_York",
        schedule,
        reminders: [reminder()],
      }),
    ).toEqual([]);
  });

  it("positive and zero offsets count from the form day", () => {
    const r0 = reminder({ id: "same-day", offsetDays: 0, time: "09:00" });
    const r2 = reminder({ id: "two-after", offsetDays: 2, time: "09:00" });
    const sunday = dueFormReminders({
      now: new Date("2026-03-08T07:10:00Z"),
      zone,
      schedule,
      reminders: [r0, r2],
    });
    expect(sunday.map((d) => [d.reminder.id, d.formDay])).toEqual([["same-day", "2026-03-08"]]);
    const tuesday = dueFormReminders({
      now: new Date("2026-03-10T07:10:00Z"),
      zone,
      schedule,
      reminders: [r0, r2],
    });
    expect(tuesday.map((d) => [d.reminder.id, d.formDay])).toEqual([["two-after", "2026-03-08"]]);
  });

  it("a reminder older than the grace window is no longer due; disabled and non check-in reminders never are", () => {
    expect(
      dueFormReminders({ now: new Date("2026-03-07T20:01:00Z"), zone, schedule, reminders: [reminder()] }),
    ).toEqual([]);
    expect(
      dueFormReminders({
        now: new Date("2026-03-07T17:02:00Z"),
        zone,
        schedule,
        reminders: [reminder({ enabled: false }), reminder({ formType: "INTAKE", offsetDays: 0 })],
      }),
    ).toEqual([]);
  });

  it("reminders that follow the check-in form day: CHECK_IN, ALL, and a stored one without a formType (ALL or none)", () => {
    expect(isCheckInReminder(reminder())).toBe(true);
    expect(isCheckInReminder(reminder({ formType: "ALL" }))).toBe(true);
    expect(isCheckInReminder(reminder({ formType: undefined }))).toBe(true);
    expect(isCheckInReminder(reminder({ formType: "INTAKE" }))).toBe(false);
    expect(isCheckInReminder(reminder({ formType: undefined, enabled: false }))).toBe(false);
  });

  it("the grace window spans local midnight", () => {
    const late = reminder({ time: "23:30" });
    // 23:30 Saturday in Jerusalem = 21:30Z; at 00:10 Sunday local (22:10Z) it is still due.
    const due = dueFormReminders({
      now: new Date("2026-03-07T22:10:00Z"),
      zone,
      schedule,
      reminders: [late],
    });
    expect(due.map((d) => d.formDay)).toEqual(["2026-03-08"]);
  });

  it("DST edge: a reminder on the day clocks go forward fires at the same wall time (one hour earlier in UTC)", () => {
    // Jerusalem goes to summer time on Friday 2026-03-27; a Saturday form day makes Friday the reminder day.
    const s = { startDate: "2026-03-28", cadence: "WEEKLY" };
    const rightAfter = dueFormReminders({
      now: new Date("2026-03-27T16:01:00Z"),
      zone,
      schedule: s,
      reminders: [reminder()],
    });
    expect(rightAfter.map((d) => d.dueAt.toISOString())).toEqual(["2026-03-27T16:00:00.000Z"]);
    // An hour later it is still inside the grace window, and it is the same reminder (same form day and instant).
    const anHourLater = dueFormReminders({
      now: new Date("2026-03-27T17:01:00Z"),
      zone,
      schedule: s,
      reminders: [reminder()],
    });
    expect(anHourLater.map((d) => [d.formDay, d.dueAt.toISOString()])).toEqual([
      ["2026-03-28", "2026-03-27T16:00:00.000Z"],
    ]);
    // The week before (winter time) the same wall time was 17:00Z.
    const weekBefore = dueFormReminders({
      now: new Date("2026-03-20T16:30:00Z"),
      zone,
      schedule: { ...s, startDate: "2026-03-21" },
      reminders: [reminder()],
    });
    expect(weekBefore).toEqual([]);
  });

  it("DST edge: a reminder inside the skipped hour fires right after the gap", () => {
    const s = { startDate: "2026-03-09", cadence: "WEEKLY" }; // a Monday; the reminder day is Sunday 2026-03-08
    const inGap = reminder({ time: "02:30" });
    const due = dueFormReminders({
      now: new Date("2026-03-08T07:35:00Z"),
      zone: "America/New_York",
      schedule: s,
      reminders: [inGap],
    });
    expect(due.map((d) => d.dueAt.toISOString())).toEqual(["2026-03-08T07:30:00.000Z"]);
  });
});

describe("due reminders of a sent form (form assignment)", () => {
  const zone = "Asia/Jerusalem";
  // Visible on Monday 2026-03-09 at 10:00 local (08:00Z).
  const visibleFrom = new Date("2026-03-09T08:00:00Z");
  const sent = (now: string, reminders: NotificationMessage[], notBefore = visibleFrom) =>
    dueSentFormReminders({ now: new Date(now), zone, formType: "INTAKE", visibleFrom, notBefore, reminders });

  it("counts from the local day it became visible; reminders of its type and ALL ones", () => {
    const next = reminder({ formType: "INTAKE", offsetDays: 1, time: "09:00" });
    const all = reminder({ id: "all", formType: "ALL", offsetDays: 1, time: "09:00" });
    const other = reminder({ id: "c", formType: "CHECK_IN", offsetDays: 1, time: "09:00" });
    // 09:00 on Tuesday in Jerusalem is 07:00Z.
    expect(sent("2026-03-10T06:59:00Z", [next, all, other])).toEqual([]);
    expect(sent("2026-03-10T07:01:00Z", [next, all, other])).toEqual([
      { reminder: next, formDay: "2026-03-09", dueAt: new Date("2026-03-10T07:00:00Z") },
      { reminder: all, formDay: "2026-03-09", dueAt: new Date("2026-03-10T07:00:00Z") },
    ]);
  });

  it("never before the form reached the trainee: negative offsets and earlier times of the visible day do not apply", () => {
    const before = reminder({ formType: "ALL", offsetDays: 0, time: "09:00" }); // 07:00Z, before 08:00Z
    const eve = reminder({ id: "eve", formType: "CHECK_IN", offsetDays: -1, time: "19:00" });
    const after = reminder({ id: "after", formType: "ALL", offsetDays: 0, time: "10:30" });
    expect(sent("2026-03-09T08:40:00Z", [before, eve, after]).map((d) => d.reminder.id)).toEqual(["after"]);
    // Sent later than its visibility (back-dated): nothing before the assignment existed.
    expect(sent("2026-03-09T08:40:00Z", [after], new Date("2026-03-09T08:35:00Z"))).toEqual([]);
  });

  it("remindsFormType: its own type and ALL (or none); enabled only", () => {
    expect(remindsFormType("ONE_TIME")(reminder({ formType: "ONE_TIME" }))).toBe(true);
    expect(remindsFormType("ONE_TIME")(reminder({ formType: "ALL" }))).toBe(true);
    expect(remindsFormType("ONE_TIME")(reminder({ formType: undefined }))).toBe(true);
    expect(remindsFormType("ONE_TIME")(reminder({ formType: "CHECK_IN" }))).toBe(false);
    expect(remindsFormType("ONE_TIME")(reminder({ formType: "ONE_TIME", enabled: false }))).toBe(false);
  });
});
