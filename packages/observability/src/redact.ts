/**
 * What a log line may carry. Every field goes through `sanitizeFields` before it reaches the
 * writer: keys that name secrets, personal data, SQL parameters or bodies are replaced, string
 * values are capped and scrubbed of e-mail addresses, international phone numbers and the
 * parameter list an ORM appends to a failed query's message, and errors become
 * `serializeError(error)`. The whole line is capped by the logger's writer (`capLine`).
 */
import { serializeError } from "./serialize-error";
import { capString, REDACTED, safeString } from "./text";

/** Longest line written (bytes, newline included); a longer one is replaced by a summary line. */
export const MAX_LINE_BYTES = 16 * 1024;

const MAX_DEPTH = 4;
const MAX_KEYS = 40;
const MAX_ITEMS = 20;

/**
 * Field names whose values are never logged, at any depth: credentials, SQL parameters, bodies,
 * headers, contact data and people's names. (`name` alone stays: job, error and queue names.)
 */
const REDACTED_KEY =
  /pass(word|wd)?$|secret|token|authori[sz]ation|cookie|api[-_]?key|signature|credential|private[-_]?key|hash$|^otp|phone|e-?mail|msisdn|address$|^(first|last|full|display|user|coach|client|contact|trainee|lead|owner|studio)[-_]?name$|^(to|from|cc|bcc)$|^(params|parameters|values|body|raw[-_]?body|request[-_]?body|response[-_]?body|payload|headers|data)$/i;

export function isRedactedKey(key: string): boolean {
  return REDACTED_KEY.test(key);
}

function sanitizeValue(value: unknown, depth: number, seen: Set<object>): unknown {
  if (value === null || value === undefined) return value;
  switch (typeof value) {
    case "string":
      return safeString(value);
    case "number":
    case "boolean":
      return value;
    case "bigint":
      return value.toString();
    case "function":
    case "symbol":
      return undefined;
    default:
      break;
  }
  if (value instanceof Error) return serializeError(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  const object = value as object;
  if (depth >= MAX_DEPTH) return Array.isArray(object) ? `[array(${object.length})]` : "[object]";
  if (seen.has(object)) return "[circular]";
  seen.add(object);
  try {
    if (Array.isArray(object)) {
      const items = object.slice(0, MAX_ITEMS).map((item) => sanitizeValue(item, depth + 1, seen));
      if (object.length > MAX_ITEMS) items.push(`…[${object.length - MAX_ITEMS} more items]`);
      return items;
    }
    return sanitizeObject(object as Record<string, unknown>, depth + 1, seen);
  } finally {
    seen.delete(object);
  }
}

function sanitizeObject(
  object: Record<string, unknown>,
  depth: number,
  seen: Set<object>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let kept = 0;
  let dropped = 0;
  for (const key of Object.keys(object)) {
    if (kept >= MAX_KEYS) {
      dropped++;
      continue;
    }
    kept++;
    const safeKey = capString(key, 128);
    if (isRedactedKey(key)) {
      out[safeKey] = REDACTED;
      continue;
    }
    const value = sanitizeValue(object[key], depth, seen);
    if (value !== undefined) out[safeKey] = value;
  }
  if (dropped) out["…"] = `${dropped} more keys`;
  return out;
}

/** The fields of one line (or a child's bindings), made safe to write. */
export function sanitizeFields(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!fields) return {};
  return sanitizeObject(fields, 0, new Set());
}

/**
 * A line above `maxBytes` is replaced by a summary: level, time, message and the top-level
 * scalar fields that fit, with `truncated: true` and the size the line would have had.
 */
export function capLine(line: string, maxBytes = MAX_LINE_BYTES): string {
  // A UTF-16 unit is at most 3 UTF-8 bytes: most lines are decided without measuring.
  if (line.length * 3 <= maxBytes || Buffer.byteLength(line) <= maxBytes) return line;
  const bytes = Buffer.byteLength(line);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${JSON.stringify({ level: "error", msg: "unparseable log line dropped", lineBytes: bytes })}\n`;
  }
  const summary: Record<string, unknown> = {
    level: parsed.level,
    time: parsed.time,
    msg: typeof parsed.msg === "string" ? capString(parsed.msg, 512) : undefined,
    truncated: true,
    lineBytes: bytes,
  };
  // Leave room for the closing brace and newline.
  let size = Buffer.byteLength(JSON.stringify(summary)) + 2;
  for (const [key, value] of Object.entries(parsed)) {
    if (key in summary) continue;
    if (value !== null && typeof value === "object") continue;
    const entry = Buffer.byteLength(`,${JSON.stringify(key)}:${JSON.stringify(value)}`);
    if (size + entry > maxBytes) continue;
    summary[key] = value;
    size += entry;
  }
  return `${JSON.stringify(summary)}\n`;
}
