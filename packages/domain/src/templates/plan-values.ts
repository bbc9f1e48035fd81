// Shared readers of the plan-content normalizers (document 2 "Plan content (normalized on
// save)"). Everything here is total: any JSON value in, a bounded, storable value (or
// undefined for "not given") out. Nothing throws, nothing reads the clock.
import { randomUUID } from "node:crypto";
import { PLAN_CONTENT_LIMITS, PLAN_IMPORT_META_KEYS, type PlanImportMetaKey } from "@studio/contracts";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type UnknownRecord = Record<string, unknown>;

/** Options shared by both normalizers. */
export interface NormalizeContentOptions {
  /** The content stored before this save: its import-stamped meta keys survive a save that does not echo them. */
  stored?: unknown;
  /** Id source for missing set, meal, item and alternative ids (default crypto.randomUUID). */
  newId?: () => string;
}

export const defaultNewId = (): string => randomUUID();

const EMPTY: UnknownRecord = Object.freeze({}) as UnknownRecord;

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value as an object, or an empty one. */
export function asRecord(value: unknown): UnknownRecord {
  return isRecord(value) ? value : EMPTY;
}

/** An own property only (never one inherited from a prototype). */
export function field(record: UnknownRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The first `max` objects of an array (other members are dropped; anything else is no list). */
export function recordsOf(value: unknown, max: number): UnknownRecord[] {
  if (!Array.isArray(value) || max <= 0) return [];
  const out: UnknownRecord[] = [];
  for (const member of value) {
    if (out.length >= max) break;
    if (isRecord(member)) out.push(member);
  }
  return out;
}

/** A budget shared by every list of one kind in one plan (rows, sets, meals, items, alternatives). */
export class Budget {
  constructor(private left: number) {}
  /** Up to `wanted`, as many as the budget still holds; taken from it. */
  take(wanted: number): number {
    const granted = Math.max(0, Math.min(wanted, this.left));
    this.left -= granted;
    return granted;
  }
  /** The first objects of a list, at most `perList` and at most what the budget still holds. */
  takeRecords(value: unknown, perList: number): UnknownRecord[] {
    const records = recordsOf(value, Math.min(perList, this.left));
    this.left -= records.length;
    return records;
  }
}

// ---------------------------------------------------------------------------------------------
// Text

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Without NUL and with lone surrogates replaced: PostgreSQL jsonb refuses both. */
export function storableString(value: string): string {
  let out = value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  if (/[\uD800-\uDFFF]/.test(out)) out = out.replace(LONE_SURROGATE, "\uFFFD");
  return out;
}

/**
 * A trimmed, storable string of at most `max` characters (a surrogate pair is never cut); a
 * finite number is written in decimal. undefined when the value is neither.
 */
export function cleanText(value: unknown, max: number): string | undefined {
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" && Number.isFinite(value)) text = String(value);
  else return undefined;
  // Look at a bounded prefix only, so a hostile 10 MB string costs nothing.
  const window = max * 4 + 16;
  if (text.length > window) text = text.slice(0, window);
  text = storableString(text).trim();
  if (text.length > max) {
    text = text.slice(0, max);
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text;
}

/** A non-blank id (trimmed, at most 64 characters), or undefined. */
export function cleanId(value: unknown): string | undefined {
  const id = cleanText(value, PLAN_CONTENT_LIMITS.id);
  return id ? id : undefined;
}

/** A token of letters, digits, `_` and `-` (at most 32), or undefined. */
export function cleanToken(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const token = value.trim();
  return token.length > 0 && token.length <= PLAN_CONTENT_LIMITS.token && /^[A-Za-z0-9_-]+$/.test(token)
    ? token
    : undefined;
}

/** One of `allowed`, or undefined. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

// ---------------------------------------------------------------------------------------------
// Numbers

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A finite number, also from a decimal string ("12", " 2.5 "); -0 becomes 0. */
export function readNumber(value: unknown): number | undefined {
  let n: number | undefined;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && value.length <= 40) {
    const t = value.trim();
    if (DECIMAL.test(t)) n = Number(t);
  }
  if (n === undefined || !Number.isFinite(n)) return undefined;
  return n === 0 ? 0 : n;
}

/** A number at least 0, clamped to `max`; undefined when missing, invalid or negative. */
export function readNonNegative(value: unknown, max: number): number | undefined {
  const n = readNumber(value);
  if (n === undefined || n < 0) return undefined;
  return Math.min(n, max);
}

/** A number above 0, clamped to `max`; undefined otherwise ("kept only when finite and above zero"). */
export function readPositive(value: unknown, max: number): number | undefined {
  const n = readNumber(value);
  if (n === undefined || !(n > 0)) return undefined;
  return Math.min(n, max);
}

/** A whole number in [0, max]: rounded, negatives 0, clamped; undefined when missing or invalid. */
export function readWholeClamped(value: unknown, max: number): number | undefined {
  const n = readNumber(value);
  if (n === undefined) return undefined;
  const whole = Math.round(n);
  return whole <= 0 ? 0 : Math.min(whole, max);
}

/** A non-negative integer count (number or digit string), or undefined. */
export function readCount(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === "string" && value.length <= 12 && /^\s*\d+\s*$/.test(value))
    return Number(value.trim());
  return undefined;
}

/**
 * A positive integer as a canonical string ("30"), or "" when blank, zero, not a whole number
 * or above `max` (document 2: "positive integer strings or empty").
 */
export function positiveIntString(value: unknown, max: number): string {
  let n: number | undefined;
  if (typeof value === "number") n = Number.isInteger(value) ? value : undefined;
  else if (typeof value === "string" && value.length <= 20 && /^\s*\d+\s*$/.test(value))
    n = Number(value.trim());
  return n !== undefined && n >= 1 && n <= max ? String(n) : "";
}

/** The number a positive integer string stands for, 0 for "" or anything else. */
export function positiveIntOf(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) return 0;
  return Number(value);
}

// ---------------------------------------------------------------------------------------------
// Times and instants

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** An ISO 8601 instant with Z or an offset, of a real calendar date and time ("2025-02-30T…" is not). */
export function isIsoInstant(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 40) return false;
  const m = ISO_INSTANT.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s, oh, om] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const dim = mo === 2 && isLeap(y) ? 29 : (DAYS_IN_MONTH[mo - 1] ?? 0);
  return (
    d <= dim && h <= 23 && mi <= 59 && s <= 59 && oh <= 23 && om <= 59 && Number.isFinite(Date.parse(value))
  );
}

/** A wall-clock time "H:MM" or "HH:MM" (seconds ignored) as "HH:MM", or undefined. */
export function readClockTime(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 16) return undefined;
  const m = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(value);
  if (!m) return undefined;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, "0")}:${m[2]}`;
}

// ---------------------------------------------------------------------------------------------
// Ids

/** The smallest `${prefix}N` (N from 1) not in `used`. */
export function nextFreeId(prefix: string, used: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const candidate = `${prefix}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * Day ids (document 2): a missing id defaults to `${prefix}${position}`; the first holder of
 * an id keeps it and later duplicates are replaced by the next free `${prefix}N`. A missing
 * id whose positional default is taken also gets the next free one.
 */
export function assignDayIds(given: readonly (string | undefined)[], prefix: string): string[] {
  const used = new Set<string>();
  const kept = given.map((id) => {
    if (id === undefined || used.has(id)) return undefined;
    used.add(id);
    return id;
  });
  return kept.map((id, index) => {
    if (id !== undefined) return id;
    const positional = `${prefix}${index + 1}`;
    const chosen =
      given[index] === undefined && !used.has(positional) ? positional : nextFreeId(prefix, used);
    used.add(chosen);
    return chosen;
  });
}

/**
 * Sibling ids (sets of a row, meals of a day, items of a meal, alternatives of an item): the
 * first holder keeps its id; a missing or repeated id gets a new random one.
 */
export function assignSiblingIds(given: readonly (string | undefined)[], newId: () => string): string[] {
  const used = new Set<string>();
  const kept = given.map((id) => {
    if (id === undefined || used.has(id)) return undefined;
    used.add(id);
    return id;
  });
  return kept.map((id) => {
    if (id !== undefined) return id;
    let fresh = cleanId(newId());
    for (let attempt = 0; (fresh === undefined || used.has(fresh)) && attempt < 4; attempt += 1)
      fresh = cleanId(newId());
    const chosen = fresh === undefined || used.has(fresh) ? nextFreeId("id-", used) : fresh;
    used.add(chosen);
    return chosen;
  });
}

/** Day A, Day B, … Day Z, Day AA, Day AB, … by position (0 is Day A). */
export function dayLetterLabel(index: number): string {
  let n = Math.max(0, Math.floor(index)) + 1;
  let letters = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return `Day ${letters}`;
}

// ---------------------------------------------------------------------------------------------
// Import-stamped meta keys

/**
 * A JSON copy of `value` with storable strings and keys, `__proto__` keys dropped, non-finite
 * numbers as null (as JSON.stringify writes them); undefined when it is not JSON-like or larger
 * than the pass-through budget (characters of its JSON, nesting depth).
 */
export function passThroughJson(value: unknown): JsonValue | undefined {
  const state = { chars: 0, over: false };
  const limit = PLAN_CONTENT_LIMITS.passThroughChars;
  const maxDepth = PLAN_CONTENT_LIMITS.passThroughDepth;

  const spend = (chars: number): boolean => {
    state.chars += chars;
    if (state.chars > limit) state.over = true;
    return !state.over;
  };

  const copy = (v: unknown, depth: number): JsonValue | undefined => {
    if (state.over) return undefined;
    if (depth > maxDepth) {
      state.over = true;
      return undefined;
    }
    if (v === null) return spend(4) ? null : undefined;
    if (typeof v === "boolean") return spend(5) ? v : undefined;
    if (typeof v === "number") {
      if (!spend(24)) return undefined;
      if (!Number.isFinite(v)) return null;
      return v === 0 ? 0 : v;
    }
    if (typeof v === "string") return spend(v.length + 2) ? storableString(v) : undefined;
    if (Array.isArray(v)) {
      if (!spend(2)) return undefined;
      const out: JsonValue[] = [];
      for (const member of v) {
        const copied = copy(member, depth + 1);
        if (state.over || (copied === undefined && !spend(4))) return undefined;
        out.push(copied === undefined ? null : copied);
      }
      return out;
    }
    if (isRecord(v)) {
      if (!spend(2)) return undefined;
      const entries: [string, JsonValue][] = [];
      for (const key of Object.keys(v)) {
        if (!spend(key.length + 3)) return undefined;
        const cleanKey = storableString(key);
        if (cleanKey === "__proto__") continue;
        const copied = copy(v[key], depth + 1);
        if (state.over) return undefined;
        if (copied !== undefined) entries.push([cleanKey, copied]);
      }
      return Object.fromEntries(entries);
    }
    return undefined; // undefined, functions, symbols, bigint: not JSON
  };

  const result = copy(value, 0);
  return state.over ? undefined : result;
}

/**
 * The import-stamped meta keys (imported, source, draft, goalSet) passed through unchanged:
 * from the saved meta when it has the key, else from the stored content's meta.
 */
export function importMetaOf(
  meta: UnknownRecord,
  stored: unknown,
): Partial<Record<PlanImportMetaKey, JsonValue>> {
  const storedMeta = asRecord(field(asRecord(stored), "meta"));
  const out: Partial<Record<PlanImportMetaKey, JsonValue>> = {};
  for (const key of PLAN_IMPORT_META_KEYS) {
    const from = Object.hasOwn(meta, key) ? meta : Object.hasOwn(storedMeta, key) ? storedMeta : undefined;
    if (from === undefined) continue;
    const value = passThroughJson(from[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
