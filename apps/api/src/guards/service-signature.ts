import type { Context } from "hono";
import { verifyServiceSignature } from "@studio/auth";
import type { AppEnv } from "../hono-env";
import { replayStore } from "../caches/replay-store";
import { pathWithQuery, requestHeader } from "../http/request-parts";
import { laneError, laneFailure } from "../rest/lane-error";
import { isBodiless, readRawBody } from "../http/raw-body";
import { rateLimited } from "./rate-limit";

const NO_BODY = new Uint8Array();

/** A GET or HEAD that declares a body (a non-zero content-length, or any transfer-encoding). */
function bodilessMethodWithBody(c: Context<AppEnv>): boolean {
  if (!isBodiless(c)) return false;
  const length = requestHeader(c, "content-length")?.trim();
  return (length !== undefined && length !== "0") || requestHeader(c, "transfer-encoding") !== undefined;
}

/**
 * Verifies the service signature (document 1 "Service signature"); answers the lane's 401
 * on any failure, or 503 when the nonce store is unreachable (fail closed, never skip). A nonce
 * is single-use whatever x-service-id comes with it, and a request dated before the store's
 * epoch (it restarted empty, was emptied or was unreachable) answers 401.
 * Returns the service id, or a Response to send.
 */
export async function checkServiceSignature(c: Context<AppEnv>): Promise<{ serviceId: string } | Response> {
  const limit = c.get("deferredRateLimit");
  if (!limit) return verifySignature(c, undefined);
  const replay = replayStore(c.get("deps").kv, limit);
  const result = await verifySignature(c, replay);
  // The global limiter's verdict comes before the signature's (the order of the middlewares it
  // stands in for): taken with the nonce claim, or now when the check stopped before the claim.
  try {
    const verdict = replay.limitVerdict() ?? (await limit.limiter.consume(limit.key));
    if (!verdict.allowed) return rateLimited(c, verdict);
  } catch (error) {
    return laneFailure(c, error);
  }
  return result;
}

async function verifySignature(
  c: Context<AppEnv>,
  replay: ReturnType<typeof replayStore> | undefined,
): Promise<{ serviceId: string } | Response> {
  const deps = c.get("deps");
  // A GET or HEAD body never reaches the app (its hash is taken as the empty body's), so a
  // signature must not pass over bytes it did not cover: such a request is refused unread.
  if (bodilessMethodWithBody(c))
    return laneError(c, "UNAUTHORIZED", "unexpected body on a GET or HEAD request");
  try {
    const result = await verifyServiceSignature({
      getHeader: (name) => requestHeader(c, name),
      method: c.req.method,
      pathWithQuery: pathWithQuery(c),
      // A GET or HEAD has no body (refused above if it declared one): no read, no await.
      rawBody: isBodiless(c) ? NO_BODY : await readRawBody(c),
      secret: deps.config.serviceAuthSecret,
      knownServiceIds: deps.config.serviceIds,
      now: deps.now().getTime(),
      // Requests dated before the store last restarted, emptied or recovered may be replays.
      ...(replay ?? replayStore(deps.kv)),
    });
    if (!result.ok) return laneError(c, "UNAUTHORIZED", result.message);
    return { serviceId: result.serviceId };
  } catch (error) {
    return laneFailure(c, error);
  }
}
