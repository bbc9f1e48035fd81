import type { Context } from "hono";
import {
  createMetricsRegistry,
  metricsAccess,
  registerDatabaseMetrics,
  registerHttpMetrics,
  registerJobQueueMetrics,
  type HttpMetrics,
  type Registry,
} from "@studio/observability";
import type { AppDeps } from "../context";
import type { AppEnv } from "../hono-env";
import { laneError } from "../rest/lane-error";

export interface ApiMetrics {
  /** This app's own registry (never prom-client's global one). */
  registry: Registry;
  http: HttpMetrics;
  /** GET /metrics: Prometheus text to whom metricsAccess allows. */
  handler(c: Context<AppEnv>): Promise<Response>;
}

/**
 * Requests (count and duration by method, route pattern and status), the database pool, the
 * job queue (per job type, read from pg-boss's tables: the same numbers on every replica) and
 * the process's default metrics.
 */
export function createApiMetrics(deps: AppDeps): ApiMetrics {
  const registry = createMetricsRegistry();
  const http = registerHttpMetrics(registry);
  registerDatabaseMetrics(registry, {
    executor: deps.database.executor,
    kind: deps.database.kind,
    maxConnections: deps.database.maxConnections,
  });
  registerJobQueueMetrics(registry, { executor: deps.database.executor });
  const access = metricsAccess({ production: deps.config.isProduction, token: deps.config.metricsToken });

  return {
    registry,
    http,
    async handler(c) {
      const verdict = access(c.req.header("authorization"));
      // Hidden: the same answer as any unknown path.
      if (verdict === "hidden") return laneError(c, "NOT_FOUND", "route not found");
      if (verdict === "unauthorized") {
        c.header("www-authenticate", "Bearer");
        return laneError(c, "UNAUTHORIZED", "a metrics token is required");
      }
      return c.body(await registry.metrics(), 200, { "content-type": registry.contentType });
    },
  };
}
