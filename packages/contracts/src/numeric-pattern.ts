/**
 * Regular expressions for numbers sent as strings, stating their range (issue 26 item 11): the
 * OpenAPI document then shows the bounds of a numeric string, not only of its number form, so a
 * value the pattern lets through is a value the API accepts. Whole numbers only (the ranges
 * these strings take are integer-bounded); leading zeros and surrounding white space allowed,
 * as the transforms that read them (`Number(value.trim())`) allow them.
 */

// No lookaround: the patterns are also read by generators (fast-check's stringMatching) that
// support plain regular expressions only.

/** Exactly `n` digits (leading zeros allowed) between the n-digit strings `low` and `high`. */
function fixedWidth(low: string, high: string): string[] {
  const n = low.length;
  if (n === 0) return [""];
  const [a, b] = [Number(low[0]), Number(high[0])];
  const [restLow, restHigh] = [low.slice(1), high.slice(1)];
  if (a === b) return fixedWidth(restLow, restHigh).map((p) => `${a}${p}`);
  const any = n === 1 ? "" : n === 2 ? "\\d" : `\\d{${n - 1}}`;
  const digits = (from: number, to: number) => (from === to ? String(from) : `[${from}-${to}]`);
  const out: string[] = [];
  let first = a;
  let last = b;
  if (restLow !== "0".repeat(n - 1)) {
    out.push(...fixedWidth(restLow, "9".repeat(n - 1)).map((p) => `${a}${p}`));
    first = a + 1;
  }
  const tail: string[] = [];
  if (restHigh !== "9".repeat(n - 1)) {
    tail.push(...fixedWidth("0".repeat(n - 1), restHigh).map((p) => `${b}${p}`));
    last = b - 1;
  }
  if (first <= last) out.push(`${digits(first, last)}${any}`);
  return [...out, ...tail];
}

/** Canonical decimal digits (no leading zero) of every integer in [min, max], 0 <= min <= max. */
function digitsBetween(min: number, max: number): string {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || min > max)
    throw new Error(`digitsBetween: bad range [${min}, ${max}]`);
  const alternatives: string[] = [];
  for (let length = String(min).length; length <= String(max).length; length++) {
    const low = length === String(min).length ? min : 10 ** (length - 1);
    const high = length === String(max).length ? max : 10 ** length - 1;
    alternatives.push(...fixedWidth(String(low), String(high)));
  }
  return alternatives.join("|");
}

/** Digits (leading zeros allowed) of a whole number in [min, max], 0 <= min <= max. */
function wholeDigits(min: number, max: number): string {
  return `0*(?:${digitsBetween(min, max)})`;
}

/** A whole number in [min, max], optional sign, white space around. */
export function wholeNumberPattern(min: number, max: number): RegExp {
  if (min > max) throw new Error(`wholeNumberPattern: bad range [${min}, ${max}]`);
  const alternatives: string[] = [];
  if (max >= 0) alternatives.push(`\\+?${wholeDigits(Math.max(min, 0), max)}`);
  if (min < 0) alternatives.push(`-${wholeDigits(Math.max(-max, 0), -min)}`);
  return new RegExp(`^\\s*(?:${alternatives.join("|")})\\s*$`);
}

/**
 * A decimal number greater than 0 and at most `max` (a whole number, at least 1): an integer
 * part from 1 to max - 1 with any fraction, 0 with a fraction that is not all zeros, or `max`
 * itself with a zero fraction.
 */
export function positiveDecimalPattern(max: number): RegExp {
  const alternatives = [`0+\\.\\d*[1-9]\\d*`, `0*${max}(?:\\.0+)?`];
  if (max > 1) alternatives.unshift(`0*(?:${digitsBetween(1, max - 1)})(?:\\.\\d+)?`);
  return new RegExp(`^\\s*(?:${alternatives.join("|")})\\s*$`);
}
