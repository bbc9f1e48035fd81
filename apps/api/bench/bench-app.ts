import { createKvStore } from "@studio/kv";
import { createWiredJobQueue } from "@studio/jobs";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { AppDeps } from "../src/context";
import { createLogger } from "../src/logger";
import { setupPostgres } from "../test/support/global-setup";
import { freshPostgres } from "../test/support/databases";
import { BENCH_ENV } from "./bench-env";
import { listen } from "./support";

/**
 * The real API in production mode on a fresh PostgreSQL database (cloned from the migrated
 * template), on a loopback port. Jobs are enqueued for real but no worker runs.
 */
export async function startBenchApp(options: { redisUrl?: string } = {}) {
  await setupPostgres();
  const pg = await freshPostgres();
  const logger = createLogger({ silent: true });
  const now = () => new Date();
  const config = loadConfig(BENCH_ENV);
  const jobs = createWiredJobQueue(pg.handle, { logger, now, pushApiUrl: config.pushApiUrl });
  await jobs.start();
  // Its own key prefix: other runs and tests share the Redis. BENCH_REDIS_AUTOPIPELINE=1 compares
  // the client with ioredis auto-pipelining.
  const kv = createKvStore({
    redisUrl: options.redisUrl,
    keyPrefix: `bench:${process.pid}:`,
    autoPipelining: process.env.BENCH_REDIS_AUTOPIPELINE === "1",
  });
  // The store's epoch settled first: on a fresh key prefix it is the moment the client first
  // connected, so a request signed before that moment (a busy machine delays the connection)
  // would answer 401 as possibly replayed.
  await kv.epoch();
  const deps: AppDeps = { config, database: pg.handle, kv, jobs, logger, now };
  const server = await listen(createApp(deps).app);
  return {
    url: server.url,
    deps,
    pg,
    async close() {
      await server.close();
      await jobs.stop();
      await kv.close();
      await pg.drop();
    },
  };
}
