import type { MiddlewareHandler } from "hono";
import { createRateLimiter } from "@studio/kv";
import type { AppDeps } from "../context";
import type { AppEnv } from "../hono-env";
import { clientIp } from "./client-ip";
import { laneError, laneFailure } from "./lane-error";

/**
 * Global limiter on /v1: RATE_LIMIT_PER_MINUTE per IP per 60 s. On Redis the budget is
 * shared by every replica; if Redis is unreachable the request fails closed (503).
 */
export function globalRateLimit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const limiter = createRateLimiter({
    store: deps.kv,
    keyPrefix: "rl:global",
    points: deps.config.rateLimitPerMinute,
    durationSec: 60,
  });
  return async (c, next) => {
    let verdict;
    try {
      verdict = await limiter.consume(clientIp(c));
    } catch (error) {
      return laneFailure(c, error);
    }
    if (!verdict.allowed) {
      c.header("retry-after", String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
      return laneError(c, "RATE_LIMITED", "too many requests");
    }
    await next();
  };
}
