// Day keys, day ranges and weeks of a trainee (document 3 "Daily metric and logs", document 2
// "Client tracking" shared rules). A day key is the "YYYY-MM-DD" of a local calendar date in an
// IANA zone; per-day rows are stored under it, instant rows are bucketed into it at read time.
// Every trainee-day computation goes through here, on top of zoned-time.ts (no offset math).

import { addDays, daysBetween, localParts, weekdayOf, zonedDateTimeToInstant } from "./zoned-time";

/**
 * The zone's canonical IANA spelling ("asia/jerusalem" → "Asia/Jerusalem"), or null when it is
 * not a zone. Request headers go through it, so only canonical names reach the cached formatters.
 */
export function canonicalTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The local day an instant falls on. */
export const dayKeyOf = (instant: Date, zone: string): string => localParts(instant, zone).date;

/** Today's key in the zone. */
export const todayKey = (now: Date, zone: string): string => dayKeyOf(now, zone);

/** Local wall time "HH:mm" of an instant. */
export const localTimeOf = (instant: Date, zone: string): string => localParts(instant, zone).time;

/**
 * The instant a local day starts (its first existing minute: a zone whose clocks skip midnight
 * starts the day when the gap ends).
 */
export const dayStart = (key: string, zone: string): Date => zonedDateTimeToInstant(key, "00:00", zone);

/** The instant the next local day starts (exclusive end of the day; 23, 24 or 25 hours later). */
export const dayEnd = (key: string, zone: string): Date => dayStart(addDays(key, 1), zone);

/** The instant of local noon of a day (a day's representative time for rows without one). */
export const dayNoon = (key: string, zone: string): Date => zonedDateTimeToInstant(key, "12:00", zone);

/** True when the day has not started yet in the zone (its key is after today's). */
export const isFutureDay = (key: string, now: Date, zone: string): boolean => key > todayKey(now, zone);

/** An inclusive range of day keys. */
export interface DayRange {
  from: string;
  to: string;
}

/** The `days` local days ending today (inclusive): 7 gives today and the six days before it. */
export function lastDays(now: Date, zone: string, days: number): DayRange {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be a positive integer: ${days}`);
  const to = todayKey(now, zone);
  return { from: addDays(to, -(days - 1)), to };
}

/** The range of equal length ending the day before `range` starts (the comparison span). */
export function previousRange(range: DayRange): DayRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Every key of an inclusive range, oldest first (empty when `to` is before `from`). */
export function keysOf(range: DayRange): string[] {
  const count = daysBetween(range.from, range.to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(range.from, i));
}

/** True when the key lies in the inclusive range. */
export const inRange = (key: string, range: DayRange): boolean => key >= range.from && key <= range.to;

/** The instants bounding a range of local days: [start of `from`, start of the day after `to`). */
export function instantsOf(range: DayRange, zone: string): { start: Date; end: Date } {
  return { start: dayStart(range.from, zone), end: dayEnd(range.to, zone) };
}

/** The Sunday-to-Saturday week holding the key. */
export function weekOf(key: string): DayRange {
  const from = addDays(key, -weekdayOf(key));
  return { from, to: addDays(from, 6) };
}

/** The last `count` Sunday-to-Saturday weeks up to the one holding today, oldest first. */
export function lastWeeks(now: Date, zone: string, count: number): DayRange[] {
  const current = weekOf(todayKey(now, zone));
  return Array.from({ length: count }, (_, i) => {
    const from = addDays(current.from, -7 * (count - 1 - i));
    return { from, to: addDays(from, 6) };
  });
}

/**
 * Splits an inclusive range into consecutive chunks of at most `size` days, oldest first (the
 * nutrition days source reads at most 62 days at a time). Empty when `to` is before `from`.
 */
export function chunksOf(range: DayRange, size: number): DayRange[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer: ${size}`);
  const chunks: DayRange[] = [];
  for (let from = range.from; from <= range.to; from = addDays(from, size)) {
    const end = addDays(from, size - 1);
    chunks.push({ from, to: end < range.to ? end : range.to });
  }
  return chunks;
}

/** The number of days of an inclusive range (0 when `to` is before `from`). */
export const lengthOf = (range: DayRange): number => Math.max(0, daysBetween(range.from, range.to) + 1);
