import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { type KvStore, KvUnavailableError } from "./kv-store";
import { RedisKvStore } from "./redis-kv-store";

export interface RateLimitResult {
  allowed: boolean;
  /** Points left in the current window (0 when denied). */
  remaining: number;
  /** When denied: ms until the window resets (always > 0). 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Consumes one point for key. Rejects with KvUnavailableError when Redis cannot be reached (fail closed). */
  consume(key: string): Promise<RateLimitResult>;
  /**
   * consume(key), then, when allowed, the store's claimWithEpoch(claim): on Redis ONE round trip
   * (a script) for both, on the memory store no await between them. Over the budget nothing is
   * claimed and `claimed` is absent. Rejects like consume when the store is unreachable.
   */
  consumeThenClaim(
    key: string,
    claim: { key: string; value: string; ttlMs: number },
  ): Promise<{ limit: RateLimitResult; claimed?: { claimed: boolean; epoch: number } }>;
}

export interface CreateRateLimiterOptions {
  store: KvStore;
  /** Namespace for this limiter's counters, e.g. "rl:login". */
  keyPrefix: string;
  /** Points (requests) allowed per window; a positive integer. */
  points: number;
  /** Window length in whole seconds (>= 1). */
  durationSec: number;
}

/**
 * Fixed-window limiter on rate-limiter-flexible. With a RedisKvStore the counters live in Redis
 * (RateLimiterRedis over the store's ioredis client), so the budget is shared by every replica;
 * otherwise RateLimiterMemory (per process). No insuranceLimiter on purpose: if Redis is down the
 * limiter throws KvUnavailableError instead of silently falling back to per-process limits.
 */
export function createRateLimiter(options: CreateRateLimiterOptions): RateLimiter {
  const { store, keyPrefix, points, durationSec } = options;
  if (!Number.isSafeInteger(points) || points < 1) {
    throw new RangeError(`points must be a positive integer, got ${String(points)}`);
  }
  // RateLimiterRedis floors the duration to whole seconds and treats 0 as "never expires".
  if (!Number.isSafeInteger(durationSec) || durationSec < 1) {
    throw new RangeError(`durationSec must be a positive integer, got ${String(durationSec)}`);
  }
  if (!keyPrefix) throw new RangeError("keyPrefix is required");

  const redisStore = store instanceof RedisKvStore ? store : undefined;
  const limiter: RateLimiterAbstract = redisStore
    ? new RateLimiterRedis({
        storeClient: redisStore.client,
        useRedisPackage: false, // ioredis
        rejectIfRedisNotReady: true,
        keyPrefix,
        points,
        duration: durationSec,
      })
    : new RateLimiterMemory({ keyPrefix, points, duration: durationSec });

  const consume = async (key: string): Promise<RateLimitResult> => {
    // Waits (bounded) for the first connection, fails fast when Redis is known to be down.
    if (redisStore) await redisStore.assertReady();
    try {
      const res = await limiter.consume(key);
      return { allowed: true, remaining: res.remainingPoints, retryAfterMs: 0 };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, rejection.msBeforeNext) };
      }
      if (redisStore && !(rejection instanceof KvUnavailableError)) {
        throw new KvUnavailableError("rate limiter store unreachable", { cause: rejection });
      }
      throw rejection;
    }
  };

  return {
    consume,
    async consumeThenClaim(key, claim) {
      if (!redisStore) {
        const limit = await consume(key);
        if (!limit.allowed) return { limit };
        return { limit, claimed: await store.claimWithEpoch(claim.key, claim.value, claim.ttlMs) };
      }
      // The limiter's own key (rate-limiter-flexible: prefix, colon, key) and window.
      const r = await redisStore.limitThenClaimWithEpoch(
        { key: limiter.getKey(key), points, durationSec },
        claim.key,
        claim.value,
        claim.ttlMs,
      );
      if (r.consumed > points)
        return { limit: { allowed: false, remaining: 0, retryAfterMs: Math.max(1, r.msBeforeNext) } };
      return { limit: { allowed: true, remaining: points - r.consumed, retryAfterMs: 0 }, claimed: r.claim };
    },
  };
}
