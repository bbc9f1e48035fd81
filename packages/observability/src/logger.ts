import pino from "pino";
import { capLine, MAX_LINE_BYTES, sanitizeFields } from "./redact";
import { MAX_FIELD_CHARS, safeString } from "./text";

/** Structured fields of a log line. Never personal data, secrets, SQL parameters or bodies. */
export type LogFields = Record<string, unknown>;

/**
 * The one logger interface of the code base (API, worker, jobs and domain). Message first,
 * then fields; `child` binds fields (requestId, lane, job) to every line it writes.
 */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(bindings: LogFields): Logger;
}

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface LoggerOptions {
  level?: LogLevel;
  /** Fields on every line (service name, …). */
  base?: LogFields;
  /** Where lines go; stderr by default. Tests pass a collector. */
  write?: (line: string) => void;
}

/**
 * pino, one JSON object per line: {"level":"info","time":"<ISO>", ...base, ...bindings,
 * ...fields, "msg": "..."}. Every field is sanitized first (redact.ts: secrets, contact data,
 * SQL parameters and bodies never reach the line; strings are capped at MAX_FIELD_CHARS;
 * errors are serializeError'd) and a line above MAX_LINE_BYTES is replaced by a summary.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string) => void process.stderr.write(line));
  const destination: pino.DestinationStream = { write: (line) => write(capLine(line, MAX_LINE_BYTES)) };
  const root = pino(
    {
      level: options.level ?? "info",
      base: sanitizeFields(options.base),
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Fields arrive sanitized (errors already serializeError'd); pino's own `err` serializer
      // would copy an error's enumerable properties (PGlite's `params`) back in.
      serializers: { err: (value: unknown) => value },
    },
    destination,
  );
  return wrap(root);
}

function wrap(inner: pino.Logger): Logger {
  const emit = (level: "debug" | "info" | "warn" | "error") => (msg: string, fields?: LogFields) => {
    if (!inner.isLevelEnabled(level)) return;
    inner[level](sanitizeFields(fields), safeString(String(msg), MAX_FIELD_CHARS));
  };
  return {
    debug: emit("debug"),
    info: emit("info"),
    warn: emit("warn"),
    error: emit("error"),
    child: (bindings) => wrap(inner.child(sanitizeFields(bindings))),
  };
}

const LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];

/** LOG_LEVEL as a level: debug, info (default), warn, error or silent; anything else is an error. */
export function logLevelFrom(value: string | undefined): LogLevel {
  const level = (value ?? "").trim().toLowerCase();
  if (level === "") return "info";
  if ((LEVELS as readonly string[]).includes(level)) return level as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(", ")}`);
}

/** A logger that writes nothing (tests that do not read logs). */
export const silentLogger: Logger = createLogger({ level: "silent", write: () => {} });
