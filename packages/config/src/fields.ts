import { z } from "zod";

/**
 * The zod field parsers of the configuration: each reads one variable (a string or unset) and
 * reports a problem as an issue whose message names the variable, never its value.
 */
export const optionalString = z.string().optional();

const problem = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

/** Set and not empty: the value; else undefined (`VAR=` counts as unset). */
export const nonEmpty = optionalString.transform((value) => value || undefined);

/** Trimmed; blank counts as unset. */
export const trimmed = optionalString.transform((value) => value?.trim() || undefined);

/** `"1"` turns it on; anything else is off. */
export const flag = optionalString.transform((value) => value === "1");

/** A positive integer (the API's reading): unset or empty is `fallback`. */
export function positiveInt(name: string, fallback: number) {
  return optionalString.transform((value, ctx) => {
    if (value === undefined || value === "") return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) return problem(ctx, `${name} must be a positive integer`);
    return n;
  });
}

/** A positive integer where a trimmed "0" also counts (0 turns the bound off). */
export function positiveIntOrZero(name: string, fallback: number) {
  const positive = positiveInt(name, fallback);
  return optionalString.transform((value, ctx) => {
    if (value?.trim() === "0") return 0;
    const parsed = positive.safeParse(value);
    return parsed.success ? parsed.data : problem(ctx, `${name} must be a positive integer`);
  });
}

/** An integer between `min` and `max` with a default, the message naming the range (AGENT_DEBOUNCE_SECONDS). */
export function integerFromTo(name: string, fallback: number, min: number, max: number) {
  return optionalString.transform((value, ctx) => {
    if (value === undefined || value.trim() === "") return fallback;
    const n = Number(value.trim());
    if (!Number.isInteger(n) || n < min || n > max)
      return problem(ctx, `${name} must be an integer from ${min} to ${max}`);
    return n;
  });
}

/** The http(s) URL problem of a value, if any (the value is trimmed first). */
const httpUrlProblem = (value: string, name: string): string | undefined => {
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  return !url || (url.protocol !== "http:" && url.protocol !== "https:")
    ? `${name} must be an http or https URL`
    : undefined;
};

/**
 * An absolute http(s) URL, trimmed; unset is undefined. `blank: "unset"` also treats a blank
 * value as unset (WAITLIST_FORWARD_URL, RECIPE_READER_URL); `blank: "invalid"` refuses it (LLM_BASE_URL).
 */
export function httpUrl(name: string, blank: "unset" | "invalid") {
  return optionalString.transform((value, ctx) => {
    if (!value || (blank === "unset" && !value.trim())) return undefined;
    const message = httpUrlProblem(value, name);
    return message ? problem(ctx, message) : value.trim();
  });
}

/** A comma-separated list, entries trimmed, blanks dropped. */
export const commaList = (fallback = "") =>
  optionalString.transform((value) =>
    (value || fallback)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

// The worker's readings (apps/worker has always trimmed and refused alike; kept as they were).

/** Milliseconds: an integer of at least `min` (0 turns the statement timeout off); blank is `fallback`. */
export function workerMs(name: string, fallback: number, min = 1) {
  return optionalString.transform((value, ctx) => {
    const text = value?.trim();
    if (!text) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min)
      return problem(ctx, `${name} must be an integer of at least ${min} (milliseconds)`);
    return n;
  });
}

/** A whole number between `min` and `max`; blank is undefined (the queue's own default). */
export function workerInt(name: string, min: number, max: number) {
  return optionalString.transform((value, ctx) => {
    const text = value?.trim();
    if (!text) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max)
      return problem(ctx, `${name} must be a whole number from ${min} to ${max}`);
    return n;
  });
}

/** A value that, when set, must be an http(s) URL by its prefix (the worker's LLM_BASE_URL, WAITLIST_FORWARD_URL). */
export function workerHttpUrl(name: string) {
  return trimmed.transform((value, ctx) =>
    value && !/^https?:\/\//i.test(value) ? problem(ctx, `${name} must be an http or https URL`) : value,
  );
}
