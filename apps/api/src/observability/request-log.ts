import type { MiddlewareHandler } from "hono";
import { requestUrl } from "../http/request-parts";
import { matchedRoutes } from "hono/route";
import type { HttpMetrics, Logger } from "@studio/observability";
import type { AppEnv } from "../hono-env";
import { laneOfPath } from "../lanes/lane-of-path";
import { rawPathname } from "../rest/rest-adapter";
import type { RouteTable } from "../rest/route-table";

/** Probes and scrapes: their lines are written at debug level (LOG_LEVEL=debug shows them). */
const QUIET_ROUTES = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * One log line and one metrics observation per request: method, route pattern (the route
 * table's `/v1/web/crm/leads/{id}`, never the raw path with its ids; "unmatched" when no route
 * answers), status, duration, request id, lane, and the studio id when the lane proved one.
 */
export function requestLog(options: {
  logger: Logger;
  http: HttpMetrics;
  table: RouteTable;
}): MiddlewareHandler<AppEnv> {
  const { logger, http, table } = options;
  return async (c, next) => {
    const started = performance.now();
    await next();
    const durationMs = performance.now() - started;
    const method = c.req.method;
    const path = rawPathname(c) ?? requestUrl(c).pathname;
    const route = routeOf(c, path, method, table);
    const status = c.res.status;
    http.observe({ method, route, status, durationSeconds: durationMs / 1000 });
    const auth = c.get("auth") as { lane?: string; studioId?: string } | undefined;
    const fields = {
      requestId: c.get("requestId"),
      method,
      route,
      status,
      durationMs: Math.round(durationMs * 10) / 10,
      lane: laneOfPath(path) ?? auth?.lane,
      studioId: auth?.studioId,
    };
    if (QUIET_ROUTES.has(route)) logger.debug("request", fields);
    else logger.info("request", fields);
  };
}

function routeOf(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  path: string,
  method: string,
  table: RouteTable,
) {
  if (path === "/v1" || path.startsWith("/v1/"))
    return c.get("routePath") ?? table.match(method, path)?.route.path ?? "unmatched";
  // Outside /v1: the last handler Hono matched; middlewares (app.use) are registered as "ALL".
  const handler = matchedRoutes(c).findLast((r) => r.method !== "ALL");
  return handler?.path ?? "unmatched";
}
