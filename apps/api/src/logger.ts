import { logLevelSetting } from "@studio/config";
import {
  createLogger as createObservabilityLogger,
  logLevelFrom,
  type Logger,
  type LoggerOptions,
} from "@studio/observability";

export { serializeError, silentLogger, type Logger, type LogFields } from "@studio/observability";

/**
 * The API's logger: the one JSON format of @studio/observability (pino), `service: "api"` on
 * every line, level from LOG_LEVEL (info by default). `silent` is kept for tests and benches.
 */
export function createLogger(options: LoggerOptions & { silent?: boolean } = {}): Logger {
  const { silent, ...rest } = options;
  return createObservabilityLogger(
    silent
      ? { ...rest, level: "silent" }
      : { base: { service: "api" }, level: logLevelFrom(logLevelSetting()), ...rest },
  );
}
