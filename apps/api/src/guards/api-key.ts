import type { Context } from "hono";
import { extractApiKey, hashApiKey, isWellFormedApiKey } from "@studio/auth";
import { API_KEY_TOUCH_INTERVAL_MS, findApiKeyByHash, touchApiKey } from "@studio/domain";
import type { AppEnv } from "../hono-env";
import { type BoundedCache } from "../caches/bounded-cache";
import { laneError, laneFailure } from "../rest/lane-error";

/**
 * Studio API key of the partner and automation lanes: the presented key is hashed and
 * looked up; the key's studio scopes every query. lastUsedAt is stamped at most every 5 min.
 */
export async function authenticateApiKey(
  c: Context<AppEnv>,
  lane: "partner" | "automation",
  touched: BoundedCache<string, number>,
): Promise<Response | undefined> {
  const deps = c.get("deps");
  const key = extractApiKey((name) => c.req.header(name));
  if (!key) return laneError(c, "UNAUTHORIZED", "missing partner api key");
  if (!isWellFormedApiKey(key)) return laneError(c, "UNAUTHORIZED", "invalid partner api key");
  try {
    const principal = await findApiKeyByHash(deps.database.db, hashApiKey(key));
    if (!principal) return laneError(c, "UNAUTHORIZED", "invalid partner api key");
    const now = deps.now();
    const last = touched.get(principal.apiKeyId) ?? principal.lastUsedAt?.getTime();
    if (last === undefined || now.getTime() - last >= API_KEY_TOUCH_INTERVAL_MS) {
      await touchApiKey(deps.database.db, { apiKeyId: principal.apiKeyId, now });
      touched.set(principal.apiKeyId, now.getTime());
    }
    c.set("auth", {
      lane,
      studioId: principal.studioId,
      studioName: principal.studioName,
      apiKeyId: principal.apiKeyId,
    });
    return undefined;
  } catch (error) {
    return laneFailure(c, error);
  }
}
