import type { Context, MiddlewareHandler } from "hono";
import { createRateLimiter, type KvStore, type RateLimiter, type RateLimitResult } from "@studio/kv";
import type { AppDeps } from "../context";
import type { AppEnv } from "../hono-env";
import { requestHeader, requestUrl } from "../http/request-parts";
import { clientIp } from "../http/client-ip";
import { laneError, laneFailure } from "../rest/lane-error";
import { laneOfPath } from "../lanes/lane-of-path";

/** The lanes whose every request passes the service signature (and claims a nonce). */
const SIGNED_LANES: ReadonlySet<string | undefined> = new Set(["web", "internal", "admin"]);

/** The global limiter of each store and budget (see globalLimiterOf). */
const globalLimiters = new WeakMap<KvStore, Map<number, RateLimiter>>();

/**
 * One limiter per store: on Redis the counters live in Redis anyway; on the in-process store
 * they live in the limiter, so apps sharing one store (replicas in a test process) must share
 * it too, as processes share Redis's counters.
 */
function globalLimiterOf(store: KvStore, points: number): RateLimiter {
  let byPoints = globalLimiters.get(store);
  if (!byPoints) globalLimiters.set(store, (byPoints = new Map()));
  let limiter = byPoints.get(points);
  if (!limiter) {
    limiter = createRateLimiter({ store, keyPrefix: "rl:global", points, durationSec: 60 });
    byPoints.set(points, limiter);
  }
  return limiter;
}

/**
 * Global limiter on /v1: RATE_LIMIT_PER_MINUTE per IP per 60 s. On Redis the budget is
 * shared by every replica; if Redis is unreachable the request fails closed (503).
 */
export function globalRateLimit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const limiter = globalLimiterOf(deps.kv, deps.config.rateLimitPerMinute);
  return async (c, next) => {
    // A signing request that names a service skips the global limiter; the lane guard then
    // requires its signature (document 1 "Public lane"), so an unsigned claim gains nothing.
    if (isServiceSigningRequest(c)) return next();
    // On a signed lane the point is taken by the signature check, in the same round trip as the
    // nonce and the store epoch (issue 30); its verdict still comes before any other answer.
    if (SIGNED_LANES.has(laneOfPath(requestUrl(c).pathname))) {
      c.set("deferredRateLimit", { limiter, key: clientIp(c) });
      return next();
    }
    let verdict;
    try {
      verdict = await limiter.consume(clientIp(c));
    } catch (error) {
      return laneFailure(c, error);
    }
    if (!verdict.allowed) return rateLimited(c, verdict);
    await next();
  };
}

/** RATE_LIMITED 429 with retry-after (whole seconds, at least 1). */
export function rateLimited(c: Context<AppEnv>, verdict: RateLimitResult): Response {
  c.header("retry-after", String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
  return laneError(c, "RATE_LIMITED", "too many requests");
}

/** /v1/public/sign/* sent by our web app server (it carries x-service-id). */
export function isServiceSigningRequest(c: Context<AppEnv>): boolean {
  return (
    requestHeader(c, "x-service-id") !== undefined && requestUrl(c).pathname.startsWith("/v1/public/sign/")
  );
}
