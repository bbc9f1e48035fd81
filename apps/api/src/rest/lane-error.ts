import type { Context } from "hono";
import { requestUrl } from "../http/request-parts";
import { AppError } from "@studio/domain";
import { serializeError } from "@studio/observability";
import type { ErrorCode } from "@studio/contracts";
import type { AppEnv } from "../hono-env";
import { envelopeStyleFor, writeError } from "./envelope";
import { mapError } from "./error-mapping";

/** Guards answer in the envelope of the path's lane, like the procedures do. */
export function laneError(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
) {
  return writeError(
    c,
    mapError(new AppError(code, message, details)),
    envelopeStyleFor(requestUrl(c).pathname),
  );
}

export function laneFailure(c: Context<AppEnv>, error: unknown) {
  const mapped = mapError(error);
  if (mapped.unexpected)
    c.get("deps").logger.error("guard failed", { requestId: c.get("requestId"), err: serializeError(error) });
  return writeError(c, mapped, envelopeStyleFor(requestUrl(c).pathname));
}
