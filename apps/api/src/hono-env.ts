import type { HttpBindings } from "@hono/node-server";
import type { RateLimiter } from "@studio/kv";
import type { AppDeps, LaneAuth } from "./context";

/** Hono typing: Node bindings plus what our middlewares put on the context. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    deps: AppDeps;
    auth: LaneAuth;
    rawBody?: Uint8Array;
    /** The parsed request URL (requestUrl). */
    url?: URL;
    /**
     * The global limiter's point of a service-signed lane, left to the signature check
     * (guards/rate-limit.ts): taken with the nonce and the store epoch in one round trip.
     */
    deferredRateLimit?: { limiter: RateLimiter; key: string };
    /** The REST route template the adapter matched (the request log reuses it). */
    routePath?: string;
  };
}
