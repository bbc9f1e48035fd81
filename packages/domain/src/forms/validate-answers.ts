import { FORM_ASSIGNMENT_LIMITS, type FormField } from "@studio/contracts";
import { validation } from "../errors";

/** Circumference keys a measurement answer may carry (daily_metrics.measurements, centimetres). */
export const MEASUREMENT_KEYS = ["chest", "waist", "hips", "arm", "thigh", "neck"] as const;
export type MeasurementKey = (typeof MEASUREMENT_KEYS)[number];
/** Document 3 "POST /v1/trainee/measurements": greater than 0, at most 500. */
export const MEASUREMENT_MAX_CM = 500;
/** A number answer's magnitude limit. */
export const NUMBER_ANSWER_MAX = 1_000_000_000;
/** A signature answer (document 3: a PNG data URL of at most 600,000 characters). */
export const SIGNATURE_ANSWER_MAX = 600_000;

export type AnswerValue = string | number | Partial<Record<MeasurementKey, number>>;

export interface ValidatedAnswers {
  /** The answered fields only, normalized (numbers as numbers, text as sent). */
  answers: Record<string, AnswerValue>;
  /** Every measurement field's values merged in field order (later fields win a key). */
  measurements: Partial<Record<MeasurementKey, number>>;
}

interface Issue {
  path: string;
  message: string;
  code: "custom";
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0);

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
function isCalendarDate(value: string): boolean {
  const match = DATE_KEY.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1) return false;
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;
function numberOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && NUMERIC.test(value)) return Number(value);
  return null;
}

/**
 * The answers of a trainee to a form's frozen fields (the trainee app's submit and the public
 * signing page use the same rules): every key must be a field the trainee fills (unknown keys
 * and coach-filled keys are refused), every required trainee field needs a value, and each value
 * must fit its kind — text (at most 5000 characters), number (a number or a numeric string,
 * magnitude at most 1e9), choice (one of the options), date (YYYY-MM-DD), measurement (an object
 * of chest, waist, hips, arm, thigh, neck in centimetres, each above 0 and at most 500), signature
 * (a non-empty string). A blank value (null, empty or white space, an empty object) is no answer.
 * Failures are VALIDATION with `issues` paths `answers.<key>`.
 */
export function validateAnswers(
  fields: readonly FormField[],
  given: Readonly<Record<string, unknown>>,
): ValidatedAnswers {
  const issues: Issue[] = [];
  const add = (key: string, message: string) =>
    issues.push({ path: `answers.${key}`, message, code: "custom" });
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(given)) {
    const field = byKey.get(key);
    if (!field) add(key, "unknown field");
    else if (field.filledBy !== "trainee") add(key, "this field is filled by the coach");
  }
  const answers: Record<string, AnswerValue> = {};
  const measurements: Partial<Record<MeasurementKey, number>> = {};
  for (const field of fields) {
    if (field.filledBy !== "trainee") continue;
    const value = Object.hasOwn(given, field.key) ? given[field.key] : undefined;
    if (isBlank(value)) {
      if (field.required) add(field.key, "required");
      continue;
    }
    switch (field.kind) {
      case "text":
        if (typeof value !== "string") add(field.key, "must be text");
        else if (value.length > FORM_ASSIGNMENT_LIMITS.value)
          add(field.key, `must be at most ${FORM_ASSIGNMENT_LIMITS.value} characters`);
        else if (value.includes("\u0000")) add(field.key, "must not contain NUL characters");
        else answers[field.key] = value;
        break;
      case "number": {
        const n = numberOf(value);
        if (n === null) add(field.key, "must be a number");
        else if (Math.abs(n) > NUMBER_ANSWER_MAX)
          add(field.key, `must be between -${NUMBER_ANSWER_MAX} and ${NUMBER_ANSWER_MAX}`);
        else answers[field.key] = n;
        break;
      }
      case "choice":
        if (typeof value !== "string" || !(field.options ?? []).includes(value))
          add(field.key, "must be one of the options");
        else answers[field.key] = value;
        break;
      case "date":
        if (typeof value !== "string" || !isCalendarDate(value.trim()))
          add(field.key, "must be a date (YYYY-MM-DD)");
        else answers[field.key] = value.trim();
        break;
      case "measurement": {
        if (typeof value !== "object" || value === null || Array.isArray(value)) {
          add(field.key, `must be an object of ${MEASUREMENT_KEYS.join(", ")} in centimetres`);
          break;
        }
        const values: Partial<Record<MeasurementKey, number>> = {};
        for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
          if (!(MEASUREMENT_KEYS as readonly string[]).includes(name)) {
            add(`${field.key}.${name}`, `unknown measurement (${MEASUREMENT_KEYS.join(", ")})`);
            continue;
          }
          if (isBlank(raw)) continue;
          const n = numberOf(raw);
          if (n === null || !(n > 0) || n > MEASUREMENT_MAX_CM)
            add(`${field.key}.${name}`, `must be a number above 0 and at most ${MEASUREMENT_MAX_CM}`);
          else values[name as MeasurementKey] = n;
        }
        if (Object.keys(values).length === 0) {
          if (field.required && !issues.some((i) => i.path.startsWith(`answers.${field.key}.`)))
            add(field.key, "required");
          break;
        }
        answers[field.key] = values;
        Object.assign(measurements, values);
        break;
      }
      case "signature":
        if (typeof value !== "string") add(field.key, "must be a signature");
        else if (value.length > SIGNATURE_ANSWER_MAX)
          add(field.key, `must be at most ${SIGNATURE_ANSWER_MAX} characters`);
        else if (value.includes("\u0000")) add(field.key, "must not contain NUL characters");
        else answers[field.key] = value;
        break;
    }
  }
  if (issues.length > 0)
    throw validation(issues.map((i) => `${i.path}: ${i.message}`).join("; "), { issues });
  return { answers, measurements };
}
