import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Logger } from "./logger";

export interface GracefulShutdownOptions {
  server: Server;
  /** How long in-flight requests may run after the signal (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  logger: Logger;
  /** Closes what requests used (job queue, key-value store, database pool), after the drain. */
  close(): Promise<void>;
  /** How long close() may take at least, when the grace period is spent (default 5 s). */
  closeAtLeastMs?: number;
  exit?: (code: number) => void;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT (issue 9, item 5): stop accepting connections, answer
 * /readyz 503 (isShuttingDown), let in-flight requests finish within the grace period (their
 * answers carry `connection: close`, idle keep-alive connections are closed), then close the
 * job queue and pools and exit 0. Connections still open when the grace period ends are cut;
 * a close() that fails or overruns exits 1. A repeated signal (Ctrl-C reaches every process
 * of the terminal's group, pnpm relays it too) does not cut the drain short.
 */
export function gracefulShutdown(options: GracefulShutdownOptions) {
  const { server, graceMs, logger } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | undefined;

  // Runs before the app's listener. Every answer written during the drain closes its
  // connection, also for requests that arrived before the signal; a keep-alive connection
  // whose last answer went out during the drain is closed as soon as it is idle.
  const inFlight = new Set<ServerResponse>();
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.setHeader("connection", "close");
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  const shutdown = (signal: string): Promise<void> => {
    if (stopping) {
      logger.info("already shutting down", { signal });
      return stopping;
    }
    stopping = (async () => {
      const started = Date.now();
      logger.info("shutting down: draining requests", { signal, graceMs });
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        drained.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        logger.warn("grace period over: closing the connections still open", { graceMs });
        server.closeAllConnections();
      }
      const closeBudget = Math.max(graceMs - (Date.now() - started), options.closeAtLeastMs ?? 5_000);
      let code = 0;
      try {
        await Promise.race([
          options.close(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`not closed within ${closeBudget} ms`)), closeBudget);
          }),
        ]);
      } catch (error) {
        code = 1;
        logger.error("shutdown did not complete", {
          error: error instanceof Error ? error.message : String(error),
        });
      } finally {
        clearTimeout(timer);
      }
      logger.info("shut down", { signal, ms: Date.now() - started, code });
      exit(code);
    })();
    return stopping;
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));

  return { isShuttingDown: () => stopping !== undefined, shutdown };
}
