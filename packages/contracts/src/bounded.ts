import { z } from "zod";

/**
 * Bounded input helpers (issue "Platform hardening" item 3): every string of every input
 * schema refuses NUL (PostgreSQL text and jsonb cannot hold it) and has a length limit, every
 * integer stays inside its column type, every date between 1900 and 2100. The database then
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

/**
 * The NUL refusal as a pattern: plain strings carry it in the OpenAPI document (issue 26 item 11).
 * A format string (email, url, iso date) keeps its format there, so it refuses NUL by a refinement
 * instead (withoutNul): none of those formats can hold a NUL character.
 */
export const NO_NUL_PATTERN = /^[^\u0000]*$/;

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
  return schema.max(max, maxMessage(max)).regex(NO_NUL_PATTERN, NUL_MESSAGE);
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

/**
 * Every date and date-time of an input is dated 1900-01-01 to 2100-12-31 (issue 27 item 5;
 * docs/decisions/errors-and-validation.md "Dates and instants: 1900 to 2100"). Wide enough for
 * any birth date, weigh-in, program or reminder the product handles; narrow enough that a typo
 * ("0099", "20255") is refused as VALIDATION instead of being stored. The rule is the pattern of the
 * OpenAPI schema and nothing else: the date as written, before any offset is applied.
 */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2100-12-31";
export const DATE_RANGE_MESSAGE = `must be a date YYYY-MM-DD between ${DATE_MIN} and ${DATE_MAX}`;
export const DATE_TIME_RANGE_MESSAGE = `must be an ISO 8601 date-time with seconds and an offset (Z or +HH:MM), dated between ${DATE_MIN} and ${DATE_MAX}`;

const YEAR = "(?:19\\d\\d|20\\d\\d|2100)";
/** Leap years of the range: every fourth, 2000 included, 1900 and 2100 not. */
const LEAP_YEAR = "(?:19(?:0[48]|[2468][048]|[13579][26])|20(?:0[048]|[2468][048]|[13579][26]))";
const DAY = `(?:${LEAP_YEAR}-02-29|${YEAR}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))`;
const TIME_WITH_OFFSET =
  "(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)";
/** A real calendar day YYYY-MM-DD of 1900 to 2100. */
export const BOUNDED_DATE_PATTERN = new RegExp(`^${DAY}$`);
/** A date-time with seconds and an offset whose written day is a BOUNDED_DATE_PATTERN day. */
export const BOUNDED_DATE_TIME_PATTERN = new RegExp(`^${DAY}T${TIME_WITH_OFFSET}$`);

// zod's ISO formats take a pattern of their own at run time (`def.pattern ??= ...`) but leave it
// out of their parameter types; with it the schema keeps its format (date, date-time) and the
// OpenAPI document carries this pattern alone, so the document states the rule exactly.
type WithPattern<T> = T & { pattern: RegExp };
/** The range message for a string that fails the pattern; other issues (not a string) keep zod's. */
const formatError = (message: string) => (issue: { code?: string }) =>
  issue.code === "invalid_format" ? message : undefined;

/** A calendar date YYYY-MM-DD between 1900-01-01 and 2100-12-31. */
export const boundedDate = () =>
  withoutNul(
    z.iso.date({
      pattern: BOUNDED_DATE_PATTERN,
      error: formatError(DATE_RANGE_MESSAGE),
    } as WithPattern<z.core.$ZodISODateParams>),
  ).meta({
    description: `YYYY-MM-DD, ${DATE_MIN} to ${DATE_MAX}`,
    "x-minimum": DATE_MIN,
    "x-maximum": DATE_MAX,
  });

/**
 * An ISO 8601 date-time with seconds and an offset, dated 1900-01-01 to 2100-12-31 as written
 * (its instant is then within a day of that range, which PostgreSQL and JavaScript both hold).
 */
export const boundedDateTime = () =>
  withoutNul(
    z.iso.datetime({
      offset: true,
      pattern: BOUNDED_DATE_TIME_PATTERN,
      error: formatError(DATE_TIME_RANGE_MESSAGE),
    } as WithPattern<z.core.$ZodISODateTimeParams>),
  ).meta({
    description: `ISO 8601 date-time with offset, dated ${DATE_MIN} to ${DATE_MAX}`,
    "x-minimum": `${DATE_MIN}T00:00:00`,
    "x-maximum": `${DATE_MAX}T23:59:59.999`,
  });

export const DATE_OR_DATE_TIME_MESSAGE = `must be a date YYYY-MM-DD or an ISO 8601 date-time with an offset, dated between ${DATE_MIN} and ${DATE_MAX}`;

/**
 * A date-time or a plain date (each field says what a plain date means), both bounded as above;
 * a value that is neither gets the range message instead of zod's "Invalid input".
 */
export const boundedDateOrDateTime = () =>
  z.union([boundedDateTime(), boundedDate()], {
    error: (issue) => (issue.code === "invalid_union" ? DATE_OR_DATE_TIME_MESSAGE : undefined),
  });
