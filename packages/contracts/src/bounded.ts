import { z } from "zod";

/**
 * Bounded input helpers (issue "Platform hardening" item 3): every string of every input
 * schema refuses NUL (PostgreSQL text and jsonb cannot hold it) and has a length limit, every
 * integer stays inside its column type, every date inside years 1 to 9999. The database then
 * never sees a value it cannot store, and the answer is VALIDATION 422 instead of a 500.
 * Limits are in docs/decisions/errors-and-validation.md "Input bounds"; a field with a limit of its own in the spec
 * keeps that limit.
 */

/** Length limits by kind of field (characters). */
export const INPUT_LIMITS = {
  /** Opaque ids (uuid today), path ids, id lists. */
  id: 128,
  /** Names, titles, labels, search strings, other one-line text. */
  name: 200,
  /** Free text of one paragraph (task description, trainee goal). */
  text: 2000,
  /** Long free text (templates, notes): the upper bound for any free text. */
  longText: 10_000,
  /** URLs (document 3: hook targetUrl max 2048). */
  url: 2048,
  /** RFC 5321 path limit. */
  email: 254,
  /** Device push tokens. */
  token: 512,
} as const;

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const NUL_MESSAGE = "must not contain NUL characters";
const hasNoNul = (value: string) => !value.includes("\u0000");

const maxMessage = (max: number) => `must be at most ${max} characters`;
const minMessage = (min: number) => (min === 1 ? "must not be empty" : `must be at least ${min} characters`);

/** Adds the NUL refusal to a string schema of any format (email, url, regex, iso date). */
export function withoutNul<T extends z.ZodType<string, string>>(schema: T): T {
  return schema.refine(hasNoNul, NUL_MESSAGE) as T;
}

export interface BoundedStringOptions {
  /** Minimum length (after trimming when trim is set). */
  min?: number;
  /** Trim surrounding white space before the length checks. */
  trim?: boolean;
}

/** A string without NUL, at most `max` characters (counted after trimming when `trim`). */
export function boundedString(max: number, options: BoundedStringOptions = {}) {
  let schema = z.string();
  if (options.trim) schema = schema.trim();
  if (options.min !== undefined && options.min > 0) schema = schema.min(options.min, minMessage(options.min));
  return withoutNul(schema.max(max, maxMessage(max)));
}

/** An opaque id (path id, foreign id, list member): 1 to 128 characters, no NUL. */
export const boundedId = () => boundedString(INPUT_LIMITS.id, { min: 1 });

/** A one-line text: trimmed, at most `max` (default 200) characters, no NUL. */
export const boundedName = (max: number = INPUT_LIMITS.name, min = 1) =>
  boundedString(max, { trim: true, min });

/** An e-mail address (zod's format), at most 254 characters. */
export const boundedEmail = () =>
  withoutNul(z.email().max(INPUT_LIMITS.email, maxMessage(INPUT_LIMITS.email)));

/** An absolute URL, at most 2048 characters. */
export const boundedUrl = () => withoutNul(z.url().max(INPUT_LIMITS.url, maxMessage(INPUT_LIMITS.url)));

/** An integer inside `[min, max]`, both clamped to the PostgreSQL integer (int4) range. */
export function boundedInt(min: number = INT4_MIN, max: number = INT4_MAX) {
  const low = Math.max(min, INT4_MIN);
  const high = Math.min(max, INT4_MAX);
  return z
    .number()
    .int("must be an integer")
    .min(low, `must be at least ${low}`)
    .max(high, `must be at most ${high}`);
}

/** An integer of a PostgreSQL integer column that must not be negative (limits, counters). */
export const nonNegativeInt4 = () => boundedInt(0, INT4_MAX);

export const DATE_RANGE_MESSAGE = "must be a date between 0001-01-01 and 9999-12-31";
export const DATE_TIME_RANGE_MESSAGE = "must be a time between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z";

/** `Date.UTC` maps years 0 to 99 to 1900 to 1999; build year 1 explicitly. */
function utc(year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(2000, month, day));
  date.setUTCFullYear(year);
  return date.getTime();
}
/** Instants PostgreSQL timestamptz columns and JavaScript's ISO output both hold (UTC years 1 to 9999). */
export const MIN_INSTANT = utc(1, 0, 1);
export const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A calendar date YYYY-MM-DD in years 1 to 9999 (year 0 does not exist in PostgreSQL). */
export const boundedDate = () =>
  withoutNul(z.iso.date()).refine((value) => Number(value.slice(0, 4)) >= 1, DATE_RANGE_MESSAGE);

/** An ISO date-time with offset whose instant lies in UTC years 1 to 9999. */
export const boundedDateTime = () =>
  withoutNul(z.iso.datetime({ offset: true })).refine((value) => {
    const instant = Date.parse(value);
    return Number.isFinite(instant) && instant >= MIN_INSTANT && instant <= MAX_INSTANT;
  }, DATE_TIME_RANGE_MESSAGE);
