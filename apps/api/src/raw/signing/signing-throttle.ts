import { SIGNING_THROTTLES } from "@studio/contracts";
import { AppError } from "@studio/domain";
import { createRateLimiter, type KvStore, type RateLimiter } from "@studio/kv";
import { serializeError } from "@studio/observability";
import type { AppDeps } from "../../context";

export type SigningBucket = "view" | "document" | "submit";

type Limiters = Record<SigningBucket, { link: RateLimiter; ip: RateLimiter }>;
const byStore = new WeakMap<KvStore, Limiters>();

function limitersOf(kv: KvStore): Limiters {
  let limiters = byStore.get(kv);
  if (!limiters) {
    const make = (bucket: SigningBucket, by: "link" | "ip") =>
      createRateLimiter({
        store: kv,
        keyPrefix: `rl:sign:${bucket}:${by}`,
        points: SIGNING_THROTTLES[bucket][by],
        durationSec: SIGNING_THROTTLES.windowSec,
      });
    limiters = {
      view: { link: make("view", "link"), ip: make("view", "ip") },
      document: { link: make("document", "link"), ip: make("document", "ip") },
      submit: { link: make("submit", "link"), ip: make("submit", "ip") },
    };
    byStore.set(kv, limiters);
  }
  return limiters;
}

/**
 * The signing page's throttles (document 3 "Limits"): one point per request on the link's counter
 * (keyed by the SHA-256 of the path token, so a malformed or unknown token is counted too) and on
 * the visitor address's, in 600 second windows. Over either limit: RATE_LIMITED with the seconds
 * to wait. When the counter store is unreachable the throttles are skipped (logged).
 */
export async function throttleSigning(
  deps: AppDeps,
  bucket: SigningBucket,
  keys: { link: string; ip: string },
): Promise<{ retryAfterSec: number } | null> {
  const limiters = limitersOf(deps.kv)[bucket];
  try {
    const [link, ip] = await Promise.all([limiters.link.consume(keys.link), limiters.ip.consume(keys.ip)]);
    const denied = [link, ip].filter((v) => !v.allowed);
    if (denied.length === 0) return null;
    const wait = Math.max(...denied.map((v) => v.retryAfterMs));
    return { retryAfterSec: Math.max(1, Math.ceil(wait / 1000)) };
  } catch (error) {
    deps.logger.warn("signing throttle skipped: counter store unreachable", {
      bucket,
      err: serializeError(error),
    });
    return null;
  }
}

export const rateLimited = () => new AppError("RATE_LIMITED", "too many requests");
