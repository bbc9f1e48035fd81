import type { MiddlewareHandler } from "hono";
import { requestUrl } from "../http/request-parts";
import type { AppEnv } from "../hono-env";
import { laneOfPath } from "../lanes/lane-of-path";
import { authenticateApiKey } from "./api-key";
import { authenticateBearer, type BearerSessionResolver } from "./bearer";
import { BoundedCache } from "../caches/bounded-cache";
import { TraineeLaneCache } from "../caches/trainee-lane-cache";
import { WebContextCache } from "../caches/web-context-cache";
import { isServiceSigningRequest } from "./rate-limit";
import { clientIp } from "../http/client-ip";
import { checkServiceSignature } from "./service-signature";
import { authenticateTrainee } from "./trainee";
import { authenticateWebhook } from "./webhook";
import { authenticatePaymentsWebhook } from "./payments-webhook";
import { resolveWebContext } from "./web-context";

/**
 * Picks the lane from the path prefix (document 1 lane table) and runs its credential
 * check before any route is matched, so an unauthenticated caller learns nothing about
 * which routes exist. Paths outside every lane fall through to NOT_FOUND.
 */
export function laneGuard(options: {
  now: () => number;
  bearerSessions: BearerSessionResolver;
}): MiddlewareHandler<AppEnv> {
  const webCache = new WebContextCache();
  const traineeCache = new TraineeLaneCache(options.now);
  const apiKeyTouched = new BoundedCache<string, number>(10_000);

  return async (c, next) => {
    const lane = laneOfPath(requestUrl(c).pathname);
    let refusal: Response | undefined;
    switch (lane) {
      case "web": {
        const signed = await checkServiceSignature(c);
        if (signed instanceof Response) refusal = signed;
        else {
          // Synchronous in the steady state: awaited only when it has something to write.
          const context = resolveWebContext(c, webCache);
          refusal = context instanceof Promise ? await context : context;
        }
        break;
      }
      case "internal":
      case "admin": {
        const signed = await checkServiceSignature(c);
        if (signed instanceof Response) refusal = signed;
        else c.set("auth", { lane: "internal", serviceId: signed.serviceId });
        break;
      }
      case "trainee":
        refusal = await authenticateTrainee(c, traineeCache);
        break;
      case "partner":
      case "automation":
        refusal = await authenticateApiKey(c, lane, apiKeyTouched);
        break;
      case "webhook":
        refusal = authenticateWebhook(c);
        break;
      case "bearer":
        refusal = await authenticateBearer(c, options.bearerSessions);
        break;
      case "payments":
        refusal = await authenticatePaymentsWebhook(c, options.now);
        break;
      case "public": {
        // A signing request that names a service must prove it (document 1 "Public lane").
        const namesService = isServiceSigningRequest(c);
        if (namesService) {
          const signed = await checkServiceSignature(c);
          if (signed instanceof Response) refusal = signed;
        }
        if (!refusal) {
          const auth = { lane: "public", signedByService: namesService } as const;
          c.set("auth", auth);
          // The visitor address for the routes' own throttles, read once the lane is known (only a
          // service-signed request's x-client-ip is believed).
          c.set("auth", { ...auth, clientIp: clientIp(c) });
        }
        break;
      }
      default:
        c.set("auth", { lane: "public" });
    }
    if (refusal) return refusal;
    await next();
  };
}
