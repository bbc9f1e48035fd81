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

  return {
    async consume(key: string): Promise<RateLimitResult> {
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
    },
  };
}
