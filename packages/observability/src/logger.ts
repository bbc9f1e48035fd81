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

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** JSON lines: {level, time, msg, ...bindings, ...fields}. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = ORDER[options.level ?? "info"];
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const make = (bindings: LogFields): Logger => {
    const emit = (level: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields) => {
      if (ORDER[level] < threshold) return;
      write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...bindings, ...fields })}\n`);
    };
    return {
      debug: (m, f) => emit("debug", m, f),
      info: (m, f) => emit("info", m, f),
      warn: (m, f) => emit("warn", m, f),
      error: (m, f) => emit("error", m, f),
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  return make(options.base ?? {});
}

/** A logger that writes nothing (tests that do not read logs). */
export const silentLogger: Logger = createLogger({ level: "silent" });
