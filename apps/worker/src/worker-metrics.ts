import type { DatabaseHandle } from "@studio/db";
import {
  createMetricsRegistry,
  metricsAccess,
  registerDatabaseMetrics,
  registerJobQueueMetrics,
  startMetricsServer,
  type Logger,
  type MetricsServer,
} from "@studio/observability";

/**
 * The worker's own /metrics (job queue per job type, database pool, process) on
 * WORKER_METRICS_PORT; off when unset. Same access rule as the API's /metrics: METRICS_TOKEN
 * as a bearer token when set; without it open outside production and 404 in production.
 */
export async function startWorkerMetrics(
  database: DatabaseHandle,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
  options: { schema?: string } = {},
): Promise<MetricsServer | undefined> {
  const raw = env.WORKER_METRICS_PORT?.trim();
  if (!raw) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error("WORKER_METRICS_PORT must be a port number (0-65535)");
  const registry = createMetricsRegistry();
  registerDatabaseMetrics(registry, {
    executor: database.executor,
    kind: database.kind,
    maxConnections: database.maxConnections,
  });
  registerJobQueueMetrics(registry, { executor: database.executor, schema: options.schema });
  const production = /^(production|prod)$/i.test((env.NODE_ENV ?? "").trim());
  const token = env.METRICS_TOKEN?.trim() || undefined;
  const server = await startMetricsServer({ registry, port, access: metricsAccess({ production, token }) });
  logger.info("worker metrics listening", {
    port: server.port,
    protected: token ? "token" : production ? "off" : "open",
  });
  return server;
}
