import type { WorkerLogger } from "./job-registry";

/** JSON lines on stderr, the same format as the API's logger. */
export function createJsonLogger(base: Record<string, unknown> = {}): WorkerLogger {
  const write = (level: string, msg: string, fields?: Record<string, unknown>) => {
    process.stderr.write(
      `${JSON.stringify({ level, time: new Date().toISOString(), msg, ...base, ...fields })}\n`,
    );
  };
  return {
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
  };
}
