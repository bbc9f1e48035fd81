import type { Context } from "hono";
import { verifyTraineeToken, type TraineeTokenPayload } from "@studio/auth";
import { canonicalTimeZone, isStudioLive, storeTraineeTimezone } from "@studio/domain";
import type { AppEnv } from "../hono-env";
import { requestHeader } from "../http/request-parts";
import type { TraineeLaneCache } from "../caches/trainee-lane-cache";
import { laneError, laneFailure } from "../rest/lane-error";

/**
 * authenticateTrainee (document 1 "Trainee lane"): bearer trainee token, studio still live,
 * preview sessions read-only, valid x-timezone stored on the trainee.
 */
export async function authenticateTrainee(
  c: Context<AppEnv>,
  cache: TraineeLaneCache,
): Promise<Response | undefined> {
  const deps = c.get("deps");
  const header = authorizationOf(c);
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) return laneError(c, "UNAUTHORIZED", "missing trainee token");
  const payload = verifiedToken(match[1]!, deps.config.sessionSigningSecret, deps.now().getTime(), cache);
  if (!payload) return laneError(c, "UNAUTHORIZED", "invalid trainee token");
  try {
    let live = cache.studioLive.get(payload.studioId);
    if (live === undefined) {
      live = await isStudioLive(deps.database.db, payload.studioId);
      cache.studioLive.set(payload.studioId, live);
    }
    if (!live) return laneError(c, "UNAUTHORIZED", "invalid trainee token");
    const preview = payload.preview === true;
    if (preview && c.req.method !== "GET") {
      return laneError(c, "FORBIDDEN", "preview sessions are read-only", { reason: "PREVIEW_READ_ONLY" });
    }
    // The device's zone (never a preview's: that is the coach's device): stored on the trainee
    // when it changed, and carried on the request so its days follow it (docs/decisions/tracking.md
    // "Trainee tracking").
    const zone = preview
      ? undefined
      : (canonicalZoneOf(requestHeader(c, "x-timezone")?.trim(), cache) ?? undefined);
    if (zone && cache.storedZone.get(payload.clientId) !== zone) {
      await storeTraineeTimezone(deps.database.db, {
        studioId: payload.studioId,
        clientId: payload.clientId,
        timezone: zone,
      });
      cache.storedZone.set(payload.clientId, zone);
    }
    c.set("auth", {
      lane: "trainee",
      studioId: payload.studioId,
      clientId: payload.clientId,
      preview,
      ...(zone ? { timezone: zone } : {}),
    });
    return undefined;
  } catch (error) {
    return laneFailure(c, error);
  }
}

/**
 * The Authorization header as `c.req.header` answers it (every occurrence, joined with ", ", each
 * trimmed of HTTP whitespace), read from Node's raw header list: asking Hono builds a web Headers
 * object of every header per request (~3% of a trainee write, issue 30 profile). Node's parsed
 * `headers` would keep only the first of two Authorization headers, so the raw list is read.
 */
function authorizationOf(c: Context<AppEnv>): string | undefined {
  const raw = c.env?.incoming?.rawHeaders;
  if (!raw) return c.req.header("authorization");
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length !== 13 || name.toLowerCase() !== "authorization") continue;
    const one = raw[i + 1]!.replace(HTTP_WHITESPACE_AROUND, "");
    value = value === undefined ? one : `${value}, ${one}`;
  }
  return value;
}
const HTTP_WHITESPACE_AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * verifyTraineeToken, its verdict on a valid token remembered per token string
 * (TraineeLaneCache.verifiedTokens): the HMAC and the payload's decoding were ~4% of a trainee
 * write's CPU. A remembered token answers exactly what verifying it again would: the same payload
 * while it has not expired, null from its expiry on (a regular token has none). Invalid tokens
 * are never remembered, so garbage sent by a caller costs a verification each time, not memory.
 */
function verifiedToken(
  token: string,
  secret: string,
  now: number,
  cache: TraineeLaneCache,
): TraineeTokenPayload | null {
  const known = cache.verifiedTokens.get(token);
  if (known && known.secret === secret) {
    if (known.payload.exp !== undefined && known.payload.exp <= now) {
      cache.verifiedTokens.delete(token);
      return null;
    }
    return known.payload;
  }
  const payload = verifyTraineeToken(token, secret, now);
  if (payload) cache.verifiedTokens.set(token, { secret, payload });
  return payload;
}

/** canonicalTimeZone, remembered per sent value (TraineeLaneCache.canonicalZone). */
function canonicalZoneOf(sent: string | undefined, cache: TraineeLaneCache): string | null {
  // canonicalTimeZone refuses longer values at once; only zone-sized strings are remembered.
  if (!sent || sent.length > 64) return null;
  const known = cache.canonicalZone.get(sent);
  if (known !== undefined) return known;
  const zone = canonicalTimeZone(sent);
  cache.canonicalZone.set(sent, zone);
  return zone;
}
