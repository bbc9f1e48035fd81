import type { FormType, NotificationMessage } from "@studio/contracts";
import {
  addDays,
  dateKeyParts,
  daysBetween,
  daysInMonth,
  localParts,
  zonedDateTimeToInstant,
} from "../time/zoned-time";

// A trainee's check-in form days and the FORM_REMINDERS reminders due around them. Pure:
// the scheduler job feeds it the trainee's schedule, zone and the studio's reminders.

/**
 * When the recurring check-in form (clients.updateFormId) is due: the first form day
 * (clients.checkInStartDate, a local date), then every 7 days (WEEKLY, and when no cadence is
 * set), every 14 days (BIWEEKLY) or on the same day of every month (MONTHLY; clamped to the
 * month's last day).
 */
export interface CheckInSchedule {
  startDate: string;
  cadence: string | null;
}

/** How late a reminder may still go out (worker down, studio just saved the reminder). */
export const FORM_REMINDER_GRACE_MS = 3 * 60 * 60_000;

export function isCheckInFormDay(schedule: CheckInSchedule, dateKey: string): boolean {
  const days = daysBetween(schedule.startDate, dateKey);
  if (days < 0) return false;
  switch (schedule.cadence) {
    case "BIWEEKLY":
      return days % 14 === 0;
    case "MONTHLY": {
      const start = dateKeyParts(schedule.startDate);
      const day = dateKeyParts(dateKey);
      return day.d === Math.min(start.d, daysInMonth(day.y, day.m));
    }
    default:
      return days % 7 === 0;
  }
}

/** Enabled reminders of a form type: its own ones and ALL ones (a stored reminder without a formType counts as ALL). */
export const remindsFormType = (formType: FormType) => (m: NotificationMessage) =>
  m.enabled && (m.formType === undefined || m.formType === "ALL" || m.formType === formType);

/** Reminders that follow the check-in form day: CHECK_IN ones, and ALL ones. */
export const isCheckInReminder = remindsFormType("CHECK_IN");

export interface DueReminder {
  reminder: NotificationMessage;
  /** The form day (local date) the reminder belongs to. */
  formDay: string;
  /** The instant of the reminder: its time, in the trainee's zone, offsetDays from the form day. */
  dueAt: Date;
}

/**
 * Reminders whose moment fell in (now − grace, now]: for each local date of that window and
 * each reminder, the form day is the date minus offsetDays; the reminder is due when that is a
 * check-in form day and its wall time in the zone lies in the window.
 */
export function dueFormReminders(input: {
  now: Date;
  zone: string;
  schedule: CheckInSchedule;
  reminders: readonly NotificationMessage[];
  graceMs?: number;
}): DueReminder[] {
  const graceMs = input.graceMs ?? FORM_REMINDER_GRACE_MS;
  const from = input.now.getTime() - graceMs;
  const firstDate = localParts(new Date(from), input.zone).date;
  const lastDate = localParts(input.now, input.zone).date;
  const due: DueReminder[] = [];
  for (let date = firstDate; daysBetween(date, lastDate) >= 0; date = addDays(date, 1)) {
    for (const reminder of input.reminders) {
      if (!isCheckInReminder(reminder) || reminder.time === undefined) continue;
      const formDay = addDays(date, -(reminder.offsetDays ?? 0));
      if (!isCheckInFormDay(input.schedule, formDay)) continue;
      const dueAt = zonedDateTimeToInstant(date, reminder.time, input.zone);
      if (dueAt.getTime() > from && dueAt.getTime() <= input.now.getTime())
        due.push({ reminder, formDay, dueAt });
    }
  }
  return due;
}

/**
 * Reminders of one sent form (a form assignment), counted from its form day: the trainee's local
 * date of visibleFrom. A reminder is due when its moment (its time, offsetDays from that day) fell
 * in (now − grace, now] and after the form reached the trainee (`notBefore`: the later of
 * visibleFrom and the assignment's creation) — no reminder precedes the form, so negative offsets
 * never apply to a sent form. Only enabled reminders of the form's type and ALL ones count.
 */
export function dueSentFormReminders(input: {
  now: Date;
  zone: string;
  formType: FormType;
  visibleFrom: Date;
  notBefore: Date;
  reminders: readonly NotificationMessage[];
  graceMs?: number;
}): DueReminder[] {
  const graceMs = input.graceMs ?? FORM_REMINDER_GRACE_MS;
  const from = Math.max(input.now.getTime() - graceMs, input.notBefore.getTime());
  const formDay = localParts(input.visibleFrom, input.zone).date;
  const due: DueReminder[] = [];
  for (const reminder of input.reminders) {
    if (!remindsFormType(input.formType)(reminder) || reminder.time === undefined) continue;
    const dueAt = zonedDateTimeToInstant(
      addDays(formDay, reminder.offsetDays ?? 0),
      reminder.time,
      input.zone,
    );
    if (dueAt.getTime() > from && dueAt.getTime() <= input.now.getTime())
      due.push({ reminder, formDay, dueAt });
  }
  return due;
}
