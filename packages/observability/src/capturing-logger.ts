import type { LogFields, Logger } from "./logger";

export interface CapturedLine {
  level: "debug" | "info" | "warn" | "error";
  msg: string;
  /** Bindings of the child loggers, then the line's own fields. */
  fields: LogFields;
}

/** A Logger that keeps its lines in memory (tests read what was logged, child bindings included). */
export function createCapturingLogger(): { logger: Logger; lines: CapturedLine[] } {
  const lines: CapturedLine[] = [];
  const make = (bindings: LogFields): Logger => {
    const emit = (level: CapturedLine["level"]) => (msg: string, fields?: LogFields) =>
      void lines.push({ level, msg, fields: { ...bindings, ...fields } });
    return {
      debug: emit("debug"),
      info: emit("info"),
      warn: emit("warn"),
      error: emit("error"),
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  return { logger: make({}), lines };
}
