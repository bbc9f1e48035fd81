import { randomBytes } from "node:crypto";
import { PreSerializedJson } from "@studio/domain";

/**
 * Answers carrying JSON text a query built (`PreSerializedJson`, packages/domain; the CRM
 * board's leads): how the procedure runner validates them and how the envelope writes them.
 * Only top-level fields of an object answer, only array-valued ones (the text stands where the
 * array would).
 */

/** Set (non-enumerable) on a validated answer that still holds its JSON texts. */
const HOLDS_TEXT = Symbol("holds pre-serialized JSON");

type Answer = Record<string, unknown>;

/** The answer's fields holding JSON text, if any (a plain object answer's own keys only). */
function textFields(data: unknown): string[] | undefined {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return undefined;
  let keys: string[] | undefined;
  for (const key in data as Answer)
    if ((data as Answer)[key] instanceof PreSerializedJson) (keys ??= []).push(key);
  return keys;
}

/**
 * What the output schema validates, and how to put the texts back afterwards. `keep`: the
 * texts stand as empty arrays during validation and return untouched (the REST adapter writes
 * them); otherwise they are parsed and validated like any value (every other caller).
 */
export function forOutputValidation(
  data: unknown,
  keep: boolean,
): { data: unknown; restore?: (validated: unknown) => unknown } {
  const keys = textFields(data);
  if (!keys) return { data };
  const copy: Answer = { ...(data as Answer) };
  const texts: Answer = {};
  for (const key of keys) {
    texts[key] = copy[key];
    copy[key] = keep ? [] : JSON.parse((copy[key] as PreSerializedJson<unknown>).json);
  }
  if (!keep) return { data: copy };
  return {
    data: copy,
    restore: (validated) => {
      const out: Answer = { ...(validated as Answer), ...texts };
      Object.defineProperty(out, HOLDS_TEXT, { value: true });
      return out;
    },
  };
}

export const holdsJsonText = (data: unknown): boolean =>
  data !== null && typeof data === "object" && HOLDS_TEXT in data;

/** Per process: a placeholder no JSON string the answer holds can equal (PostgreSQL text has no NUL). */
const PLACEHOLDER = `\u0000${randomBytes(12).toString("hex")}:`;

/** JSON.stringify of `body` with every JSON text written where it stands. */
export function stringifyWithJsonText(body: unknown): string {
  const texts: string[] = [];
  const outline = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof PreSerializedJson)) return value;
    texts.push(value.json);
    return `${PLACEHOLDER}${texts.length - 1}`;
  });
  let out = "";
  let from = 0;
  texts.forEach((text, i) => {
    const marker = JSON.stringify(`${PLACEHOLDER}${i}`);
    const at = outline.indexOf(marker, from);
    out += outline.slice(from, at) + text;
    from = at + marker.length;
  });
  return out + outline.slice(from);
}
