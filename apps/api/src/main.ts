import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { applyV8Flags } from "./runtime-flags";
import { gracefulShutdown } from "./shutdown";

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

// A handle that keeps the event loop alive until the server listens. Opening PGlite waits only
// for its WebAssembly compilation, which holds no libuv handle: the loop ran out of work, Node
// then waited in NodePlatform::DrainTasks, the whole start (migrations, queue, app, listen) ran
// inside that wait, and Node returned to the loop only once V8 had finished compiling PGlite's
// optimized tier in the background: 0.5-1 s after listening before the first connection was
// accepted (issue 30, item 9; seen with gdb). With the loop alive, the compilation goes on
// beside the server.
const startingUp = setInterval(() => {}, 60_000);

// The embedded database: its WebAssembly on the baseline compiler (see runtime-flags).
applyV8Flags(config);

// The app and its dependencies are imported once the configuration is known to be valid: a
// refused configuration exits in about a second instead of after loading the whole app.
const { openDeps } = await import("./bootstrap");
const { createApp } = await import("./app");
const deps = await openDeps(config, logger);
const { app } = createApp(deps, { isShuttingDown: () => shutdown.isShuttingDown() });
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  logger.info("api listening", {
    port: info.port,
    database: deps.database.kind,
    store: deps.kv.kind,
    worker: config.runWorkerInProcess ? "in-process" : "separate",
  });
  clearInterval(startingUp);
  if (config.runWorkerInProcess) startWorker();
});

// The in-process worker starts once the server listens: requests need only the started queue
// (to enqueue), and its pollers and schedules take 1-4 s to start on the embedded database,
// which was most of the time from `pnpm start` to a healthy API (issue 30, item 9). PGlite
// answers within the microtask queue, so a chain of its statements holds the event loop: the
// start waits a turn of the loop for the connections already accepted.
function startWorker() {
  setImmediate(() => {
    deps.jobs.work().catch((error: unknown) => {
      if (shutdown.isShuttingDown()) return; // stopped while starting: the drain exits
      logger.error("job worker failed to start", {
        error: error instanceof Error ? error.message : String(error),
      });
      process.exit(1);
    });
  });
}

// SIGTERM/SIGINT: stop accepting, /readyz 503, in-flight requests finish (SHUTDOWN_GRACE_MS),
// then the job queue, store and pools close and the process exits 0.
const shutdown = gracefulShutdown({
  server: server as Server,
  graceMs: config.shutdownGraceMs,
  logger,
  close: () => deps.close(),
});
