import type { WorkerConfig } from "@studio/config";
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
  settings: WorkerConfig["metrics"],
  options: { schema?: string } = {},
): Promise<MetricsServer | undefined> {
  const { port, production, token } = settings;
  if (port === undefined) return undefined;
  const registry = createMetricsRegistry();
  registerDatabaseMetrics(registry, {
    executor: database.executor,
    kind: database.kind,
    maxConnections: database.maxConnections,
  });
  registerJobQueueMetrics(registry, { executor: database.executor, schema: options.schema });
  const server = await startMetricsServer({ registry, port, access: metricsAccess({ production, token }) });
  logger.info("worker metrics listening", {
    port: server.port,
    protected: token ? "token" : production ? "off" : "open",
  });
  return server;
}
