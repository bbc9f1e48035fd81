// Wall-clock and calendar-day math in an IANA zone. Day keys are "YYYY-MM-DD" strings of a
// local calendar date; instants are Dates. Every zone conversion of the domain goes through here.

const DAY_MS = 86_400_000;
/** 400 Gregorian years: 146,097 days exactly. */
const CYCLE_MS = 146_097 * DAY_MS;

/**
 * Date.UTC for every year: Date.UTC maps years 0 to 99 to 1900 to 1999, so the arithmetic runs
 * 400 years later (the same calendar) and shifts back (day keys admit years 1 to 9999).
 */
const utcMs = (y: number, monthIndex: number, d: number, h = 0, min = 0, s = 0): number =>
  Date.UTC(y + 400, monthIndex, d, h, min, s) - CYCLE_MS;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** Minutes since local midnight. */
  minuteOfDay: number;
}

function fieldsAt(instant: number, zone: string) {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in ms (Jerusalem in summer: +3 h). */
export function zoneOffsetMs(instant: Date | number, zone: string): number {
  const t = typeof instant === "number" ? instant : instant.getTime();
  const f = fieldsAt(t, zone);
  const asUtc = utcMs(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(t / 1000) * 1000;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Local calendar date, wall time and weekday of an instant in a zone. */
export function localParts(instant: Date, zone: string): LocalParts {
  const f = fieldsAt(instant.getTime(), zone);
  const date = `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
  return {
    date,
    time: `${pad(f.hour)}:${pad(f.minute)}`,
    weekday: weekdayOf(date),
    minuteOfDay: f.hour * 60 + f.minute,
  };
}

function parseDateKey(key: string): { y: number; m: number; d: number } {
  const match = DATE_KEY.exec(key);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${key}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const dayNumber = (key: string) => {
  const { y, m, d } = parseDateKey(key);
  return Math.round(utcMs(y, m - 1, d) / DAY_MS);
};
const keyOfDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The date key `days` calendar days after `key` (negative for before). */
export const addDays = (key: string, days: number): string => keyOfDayNumber(dayNumber(key) + days);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (key: string): number => (((dayNumber(key) + 4) % 7) + 7) % 7;

export const daysInMonth = (year: number, month: number): number =>
  new Date(utcMs(year, month, 0)).getUTCDate();

export const dateKeyParts = parseDateKey;

/**
 * The instant a local wall time happens on a local date. A time that does not exist (the hour
 * skipped when clocks go forward) moves forward by the gap (02:30 → 03:30); a time that happens
 * twice (clocks go back) takes the first occurrence.
 */
export function zonedDateTimeToInstant(dateKey: string, wallTime: string, zone: string): Date {
  const { y, m, d } = parseDateKey(dateKey);
  const match = WALL_TIME.exec(wallTime);
  if (!match) throw new RangeError(`not an HH:MM time: ${wallTime}`);
  const asUtc = utcMs(y, m - 1, d, Number(match[1]), Number(match[2]));
  const offsetBefore = zoneOffsetMs(asUtc - DAY_MS, zone);
  const offsetAfter = zoneOffsetMs(asUtc + DAY_MS, zone);
  const wanted = `${dateKey} ${wallTime}`;
  const matches = (t: number) => {
    const p = localParts(new Date(t), zone);
    return `${p.date} ${p.time}` === wanted;
  };
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter].filter(matches).sort((a, b) => a - b);
  if (candidates.length) return new Date(candidates[0]!);
  // In the gap: the offset before the change maps the wall time past the gap by its length.
  return new Date(asUtc - offsetBefore);
}

/** Valid IANA zone names only; Intl throws a RangeError for unknown ones. */
export function isKnownTimeZone(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The last zone of document 3's order: the trainee's, the studio's, then Asia/Jerusalem. */
export const FALLBACK_TIME_ZONE = "Asia/Jerusalem";

/**
 * THE zone resolution (document 3: trainee → studio → Asia/Jerusalem; a request's x-timezone goes
 * first where a route takes it): the first valid IANA zone of the candidates, else Asia/Jerusalem.
 * Every zone fallback goes through it (issue 26: form reminders fell back to UTC).
 */
export function pickTimeZone(...zones: (string | null | undefined)[]): string {
  return zones.find((z) => isKnownTimeZone(z)) ?? FALLBACK_TIME_ZONE;
}
