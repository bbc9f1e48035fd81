/**
 * Regular expressions for numbers sent as strings, stating their range (issue 26 item 11): the
 * OpenAPI document then shows the bounds of a numeric string, not only of its number form, so a
 * value the pattern lets through is a value the API accepts. Whole numbers only (the ranges
 * these strings take are integer-bounded); leading zeros and surrounding white space allowed,
 * as the transforms that read them (`Number(value.trim())`) allow them.
 */

/** Canonical decimal digits (no leading zero) of every integer in [0, n]. */
function digitsUpTo(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`digitsUpTo: ${n} is not a non-negative integer`);
  const s = String(n);
  const k = s.length;
  if (k === 1) return `[0-${s}]`;
  const alternatives: string[] = ["\\d"];
  if (k > 2) alternatives.push(k === 3 ? "[1-9]\\d" : `[1-9]\\d{1,${k - 2}}`);
  for (let i = 0; i < k; i++) {
    const digit = Number(s[i]);
    const low = i === 0 ? 1 : 0;
    if (digit - 1 < low) continue;
    const range = digit - 1 === low ? String(low) : `[${low}-${digit - 1}]`;
    const rest = k - i - 1;
    alternatives.push(`${s.slice(0, i)}${range}${rest === 0 ? "" : rest === 1 ? "\\d" : `\\d{${rest}}`}`);
  }
  alternatives.push(s);
  return alternatives.join("|");
}

/** Digits (leading zeros allowed) of a whole number in [min, max], 0 <= min <= max. */
function wholeDigits(min: number, max: number): string {
  if (min < 0 || min > max) throw new Error(`wholeDigits: bad range [${min}, ${max}]`);
  const upper = `0*(?:${digitsUpTo(max)})`;
  // At least min: not one of 0..min-1 (a lookahead over the same digits).
  return min === 0 ? upper : `(?!0*(?:${digitsUpTo(min - 1)})(?![\\d.]))${upper}`;
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
 * A decimal number greater than 0 and at most `max` (a whole number): an integer part below
 * `max` with any fraction, or `max` itself with a zero fraction; at least one non-zero digit.
 */
export function positiveDecimalPattern(max: number): RegExp {
  const below = `0*(?:${digitsUpTo(max - 1)})(?:\\.\\d+)?`;
  const at = `0*${max}(?:\\.0+)?`;
  return new RegExp(`^\\s*(?=[^1-9]*[1-9])(?:${below}|${at})\\s*$`);
}
