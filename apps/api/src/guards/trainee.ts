import type { Context } from "hono";
import { verifyTraineeToken } from "@studio/auth";
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
  const header = c.req.header("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) return laneError(c, "UNAUTHORIZED", "missing trainee token");
  const payload = verifyTraineeToken(match[1]!, deps.config.sessionSigningSecret, deps.now().getTime());
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
