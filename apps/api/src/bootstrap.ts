import { createDatabase } from "@studio/db";
import { createKvStore } from "@studio/kv";
import { createWiredJobQueue } from "@studio/jobs";
import type { AppConfig } from "./config";
import type { AppDeps } from "./context";
import { createLogger, type Logger } from "./logger";

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else the embedded PGlite under
 * ./.data), applies migrations, opens the key-value store (Redis or in-process) and the job
 * queue. The embedded default also runs the worker in this process.
 */
export async function openDeps(
  config: AppConfig,
  logger: Logger = createLogger(),
): Promise<AppDeps & { close(): Promise<void> }> {
  const database = createDatabase({
    url: config.databaseUrl,
    dataDir: config.pgliteDataDir,
    prepareStatements: config.databasePreparedStatements,
    ...config.databaseTimeouts,
    onAvailabilityChange: (available, detail) =>
      available
        ? logger.info("database reachable again")
        : logger.error("database unreachable; answering 503 until it is back", { detail }),
  });
  await database.migrate();
  const kv = createKvStore({ redisUrl: config.redisUrl, logger });
  const now = () => new Date();
  const jobs = createWiredJobQueue(database, { logger, now, pushApiUrl: config.pushApiUrl });
  await jobs.start();
  if (config.runWorkerInProcess) await jobs.work();
  return {
    config,
    database,
    kv,
    jobs,
    logger,
    now,
    async close() {
      await jobs.stop();
      await kv.close();
      await database.close();
    },
  };
}
