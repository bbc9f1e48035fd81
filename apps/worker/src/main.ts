// Standalone worker process: `pnpm worker` (DATABASE_URL), or PGLITE_DATA_DIR for a local embedded database
// that no API process has open (PGlite is single-process; in the embedded default the API runs the worker).
import { createDatabase } from "@studio/db";
import { createWiredJobQueue, defaultWorkerId } from "@studio/jobs";
import { createJsonLogger } from "./logger";
import { startWorkerMetrics } from "./worker-metrics";

const workerId = process.env.WORKER_ID || defaultWorkerId();
const logger = createJsonLogger({ service: "worker" });

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.PGLITE_DATA_DIR || undefined;
  if (!url && !dataDir) {
    logger.error(
      "DATABASE_URL is required (or PGLITE_DATA_DIR for an embedded database no API process is using)",
    );
    process.exit(1);
  }
  const pollingIntervalSeconds = process.env.WORKER_POLL_INTERVAL_SECONDS
    ? Number(process.env.WORKER_POLL_INTERVAL_SECONDS)
    : undefined;
  if (pollingIntervalSeconds !== undefined && !(pollingIntervalSeconds >= 0.5)) {
    logger.error("WORKER_POLL_INTERVAL_SECONDS must be a number >= 0.5");
    process.exit(1);
  }

  const database = url
    ? createDatabase({
        url,
        maxConnections: 5,
        prepareStatements: process.env.DATABASE_PREPARED_STATEMENTS !== "0",
      })
    : createDatabase({ dataDir });
  await database.migrate();
  // PUSH_API_URL: push provider endpoint (Expo push API shape), Expo's own by default.
  const queue = createWiredJobQueue(database, {
    logger,
    now: () => new Date(),
    workerId,
    pushApiUrl: process.env.PUSH_API_URL || undefined,
    queue: { pollingIntervalSeconds },
  });

  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn("second signal, exiting now", { signal });
      process.exit(1);
    }
    logger.info("stopping worker", { signal });
    stopping = (async () => {
      try {
        await queue.stop();
        await database.close();
        process.exit(0);
      } catch (err) {
        logger.error("worker shutdown failed", { error: err instanceof Error ? err.message : String(err) });
        process.exit(1);
      }
    })();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await queue.start();
  await queue.work();
  await startWorkerMetrics(database, logger);
  logger.info("worker ready", { workerId, database: database.kind });
}

main().catch((err: unknown) => {
  logger.error("worker failed to start", {
    error: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  process.exit(1);
});
