import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { openDeps } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";

const logger = createLogger();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    logger.error(error.message);
    process.exit(1);
  }
  throw error;
}

const deps = await openDeps(config, logger);
const { app } = createApp(deps);
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  logger.info("api listening", {
    port: info.port,
    database: deps.database.kind,
    store: deps.kv.kind,
    worker: config.runWorkerInProcess ? "in-process" : "separate",
  });
});

const shutdown = async (signal: string) => {
  logger.info("shutting down", { signal });
  server.close();
  await deps.close();
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
