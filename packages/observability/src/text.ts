/** Text that may reach a log line: capped, and scrubbed of contact data and query parameters. */

/** Longest string value kept in a field (characters); the rest is cut with a marker. */
export const MAX_FIELD_CHARS = 2048;
export const REDACTED = "[redacted]";

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
/** International form (+ then 7–15 digits, maybe separated), the form the platform stores. */
const PHONE = /\+\d(?:[\s().-]?\d){6,16}/g;
/** Drizzle's DrizzleQueryError message: "Failed query: <sql>\nparams: <every parameter>". */
const ORM_PARAMS = /\nparams:[\s\S]*$/;

/** Cuts a string to `max` characters (never inside a surrogate pair) and says how much was cut. */
export function capString(value: string, max = MAX_FIELD_CHARS): string {
  if (value.length <= max) return value;
  let end = max;
  const code = value.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}…[${value.length - end} more chars]`;
}

/** Removes parameter lists, e-mail addresses and international phone numbers from free text. */
export function scrubText(value: string): string {
  let out = value.replace(ORM_PARAMS, `\nparams: ${REDACTED}`);
  if (out.includes("@")) out = out.replace(EMAIL, "[email]");
  if (out.includes("+")) out = out.replace(PHONE, "[phone]");
  return out;
}

/** Cap first (so scrubbing a 1 MB value costs no more than scrubbing 2 KB), then scrub. */
export function safeString(value: string, max = MAX_FIELD_CHARS): string {
  return scrubText(capString(value, max));
}
