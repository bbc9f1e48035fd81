// Standalone worker process: `pnpm worker` (DATABASE_URL), or PGLITE_DATA_DIR for a local embedded database
// that no API process has open (PGlite is single-process; in the embedded default the API runs the worker).
import { ConfigError, loadWorkerConfig, type WorkerConfig } from "@studio/config";
import { createDatabase } from "@studio/db";
import {
  createWiredJobQueue,
  DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  defaultWorkerId,
  deliverWebhook,
} from "@studio/jobs";
import type { Logger } from "@studio/observability";
import { createWhatsAppCloudChat } from "@studio/providers/chat";
import { createPostmarkMailer } from "@studio/providers/mail";
import { createLanguageModel } from "@studio/providers/model";
import { createJsonLogger } from "./logger";
import { startWorkerMetrics } from "./worker-metrics";

// Every setting (WORKER_*, DATABASE_*, SHUTDOWN_GRACE_MS, WHATSAPP_*, MAIL_*, SESSION_SIGNING_SECRET,
// LLM_*, WAITLIST_FORWARD_URL, PUSH_API_URL, WEBHOOK_*, WORKER_METRICS_PORT) is the worker section
// of @studio/config (documented on WorkerConfig); a problem is logged and the process exits 1.
const logger = createJsonLogger({ service: "worker" });

function openDatabase(settings: WorkerConfig["database"], log: Logger) {
  if (!("url" in settings)) return createDatabase({ dataDir: settings.dataDir });
  return createDatabase({
    url: settings.url,
    maxConnections: 5,
    prepareStatements: settings.preparedStatements,
    applicationName: "studio-worker",
    ...settings.timeouts,
    onAvailabilityChange: (available, detail) =>
      available
        ? log.info("database reachable again")
        : log.error("database unreachable; jobs wait until it is back", { detail }),
  });
}

async function main(): Promise<void> {
  let config: WorkerConfig;
  try {
    config = loadWorkerConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logger.error(error.message);
    process.exit(1);
  }
  const workerId = config.workerId || defaultWorkerId();
  const graceMs = config.shutdownGraceMs;
  const database = openDatabase(config.database, logger);
  await database.migrate();
  const model = config.llm ? createLanguageModel(config.llm) : null;
  const queue = createWiredJobQueue(database, {
    logger,
    now: () => new Date(),
    workerId,
    pushApiUrl: config.pushApiUrl,
    webhookAllowLoopback: config.webhookAllowLoopback,
    sessionSigningSecret: config.sessionSigningSecret,
    model,
    waitlistForwardUrl: config.waitlistForwardUrl,
    ports: {
      ...(config.chat && { chat: createWhatsAppCloudChat(config.chat) }),
      ...(config.mail && { mailer: createPostmarkMailer(config.mail) }),
    },
    webhookDeliveriesPerStudio: config.deliveriesPerStudio,
    ...(config.schedulerGraceMinutes !== undefined && {
      schedulerGraceMs: config.schedulerGraceMinutes * 60_000,
    }),
    queue: {
      pollingIntervalSeconds: config.pollingIntervalSeconds,
      shutdownTimeoutMs: graceMs,
      maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
      ...(config.deliveryConcurrency !== undefined && {
        concurrency: { [deliverWebhook.name]: config.deliveryConcurrency },
      }),
    },
  });

  // Stops fetching, lets running jobs finish within SHUTDOWN_GRACE_MS, then pg-boss fails the
  // ones still running back to the queue (retried per their policy), and the pool closes.
  // A repeated signal (Ctrl-C reaches the whole process group, pnpm relays it) changes nothing.
  let stopping: Promise<void> | undefined;
  let startup: Promise<void> = Promise.resolve();
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.info("already stopping", { signal });
      return;
    }
    logger.info("stopping worker", { signal, graceMs });
    stopping = (async () => {
      // The whole stop is bounded: pg-boss's wait (the grace period), then closing.
      const overrun = setTimeout(() => {
        logger.error("worker did not stop within the grace period; exiting");
        process.exit(1);
      }, graceMs + 5_000);
      try {
        // A signal during startup: let work() finish registering first, or it would poll on.
        await startup.catch(() => {});
        await queue.stop();
        await database.close();
        process.exit(0);
      } catch (err) {
        logger.error("worker shutdown failed", { error: err instanceof Error ? err.message : String(err) });
        process.exit(1);
      } finally {
        clearTimeout(overrun);
      }
    })();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  startup = (async () => {
    await queue.start();
    await queue.work();
  })();
  await startup;
  await startWorkerMetrics(database, logger, config.metrics);
  logger.info("worker ready", {
    workerId,
    database: database.kind,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  });
}

main().catch((err: unknown) => {
  logger.error("worker failed to start", {
    error: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  process.exit(1);
});
