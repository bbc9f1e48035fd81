import { PgDate, PgTimestamp } from "drizzle-orm/pg-core";

/**
 * Exact parsing of PostgreSQL's date and time text (issue 27 item 5).
 *
 * Both drivers hand Drizzle the text PostgreSQL wrote (postgres.js through Drizzle's
 * transparent parsers, PGlite through the parsers of Drizzle's session), and Drizzle's columns
 * turned it into a Date with `new Date(text)`. That text is not ISO 8601 ("0099-06-01
 * 00:00:00+00", a space, an hour-only offset), so V8 reads it with its legacy parser: years 0
 * to 49 become 2000 to 2049 or an Invalid Date, years 50 to 99 become 1950 to 1999, offsets
 * with seconds (local mean time before 1900, "+02:20:54") and BC years are not understood. A
 * weigh-in stored for 0099 came back as 1999; one stored for 0030 made every read of it a 500.
 *
 * These functions read the fields by hand and build the instant with setUTCFullYear, so every
 * year PostgreSQL stores (4713 BC to 294276 AD) comes back as the same instant, to the
 * millisecond (microseconds are cut, as JavaScript dates hold milliseconds). infinity and
 * -infinity become the largest and smallest Date JavaScript holds, so no reader meets an
 * Invalid Date. Text in another shape (a DateStyle other than ISO) falls back to `new Date`.
 */

/** The largest instant a JavaScript Date holds (ECMAScript: ±8.64e15 ms around the epoch). */
const MAX_DATE_MS = 8.64e15;

const TIMESTAMP_TEXT =
  /^(\d{4,})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?)?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/;

/** Milliseconds since the epoch of a UTC civil time, for any year (no two-digit-year mapping). */
export function utcMilliseconds(
  year: number,
  month: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
  milliseconds = 0,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, milliseconds);
  return date.getTime();
}

function special(text: string): Date | undefined {
  if (text === "infinity") return new Date(MAX_DATE_MS);
  if (text === "-infinity") return new Date(-MAX_DATE_MS);
  return undefined;
}

/**
 * A PostgreSQL timestamp or timestamptz as text (DateStyle ISO: "2024-06-01 10:00:00.123456+00",
 * "1899-12-31 23:39:06+02:20:54", "0044-03-15 12:00:00 BC", or JSON's "2024-06-01T10:00:00+00:00")
 * to its instant. Text without an offset (timestamp without time zone) is read as UTC.
 */
export function parsePgTimestamp(text: string): Date {
  const infinite = special(text);
  if (infinite) return infinite;
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) return new Date(text);
  const [, y, mo, d, h, mi, s, fraction, sign, oh, om, os, bc] = m;
  const year = bc ? 1 - Number(y) : Number(y);
  const ms = fraction ? Number(fraction.slice(0, 3).padEnd(3, "0")) : 0;
  const local = utcMilliseconds(
    year,
    Number(mo),
    Number(d),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    ms,
  );
  const offsetSeconds = sign
    ? (sign === "-" ? -1 : 1) * (Number(oh) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0))
    : 0;
  return new Date(local - offsetSeconds * 1000);
}

/** A PostgreSQL date as text ("2024-06-01", "0099-06-01", "0044-03-15 BC") to midnight UTC of that day. */
export function parsePgDate(text: string): Date {
  return parsePgTimestamp(text);
}

/** PostgreSQL type oids of the date and time types read into a Date. */
export const PG_DATE_OIDS = { date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/** Parsers by type oid, for a driver that turns these types into Dates itself (PGlite's raw queries). */
export const exactDateParsers: Record<number, (text: string) => Date> = {
  [PG_DATE_OIDS.date]: parsePgDate,
  [PG_DATE_OIDS.timestamp]: parsePgTimestamp,
  [PG_DATE_OIDS.timestamptz]: parsePgTimestamp,
};

let installed = false;
/**
 * Drizzle's timestamp and date columns (mode "date") read the driver's text with these parsers
 * instead of `new Date(text)`; mode "string" columns keep PostgreSQL's text as it is. Installed
 * once per process, on both drivers (the columns are shared).
 */
export function installExactDateMapping(): void {
  if (installed) return;
  installed = true;
  PgTimestamp.prototype.mapFromDriverValue = function mapFromDriverValue(value: string | Date): Date {
    return typeof value === "string" ? parsePgTimestamp(value) : value;
  };
  PgDate.prototype.mapFromDriverValue = function mapFromDriverValue(value: string | Date): Date {
    return typeof value === "string" ? parsePgDate(value) : value;
  };
}
