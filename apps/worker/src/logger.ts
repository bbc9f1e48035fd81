import { logLevelSetting } from "@studio/config";
import { createLogger, logLevelFrom, type Logger } from "@studio/observability";

export { createLogger, serializeError, silentLogger, type Logger } from "@studio/observability";

/**
 * The worker's logger: the one JSON format of @studio/observability (pino, the API's format),
 * level from LOG_LEVEL (info by default). Kept under its old name for existing imports.
 */
export function createJsonLogger(base: Record<string, unknown> = {}): Logger {
  return createLogger({ base, level: logLevelFrom(logLevelSetting()) });
}
