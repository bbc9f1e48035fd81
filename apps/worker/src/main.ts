// Standalone worker process: `pnpm worker` (DATABASE_URL), or PGLITE_DATA_DIR for a local embedded database
// that no API process has open (PGlite is single-process; in the embedded default the API runs the worker).
import { createDatabase, DATABASE_TIMEOUT_DEFAULTS } from "@studio/db";
import {
  createPostmarkMailer,
  createWhatsAppCloudChat,
  createWiredJobQueue,
  DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  defaultWorkerId,
  deliverWebhook,
  mailConfigFromEnv,
  whatsAppConfigFromEnv,
} from "@studio/jobs";
import { createLanguageModel } from "@studio/llm";
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

  // WORKER_MAINTENANCE_INTERVAL_SECONDS: how often pg-boss maintenance returns the jobs of a worker that
  // died (their attempt outlived its expiry) to the queue; default 30 (pg-boss's own is 120).
  const maintenanceIntervalSeconds = envInt("WORKER_MAINTENANCE_INTERVAL_SECONDS", undefined, 1, 3600);
  // WEBHOOK_DELIVERY_CONCURRENCY: webhook deliveries this worker runs at once (default 10).
  // WEBHOOK_DELIVERIES_PER_STUDIO: one studio's deliveries in flight at once across all workers (default 4).
  const deliveryConcurrency = envInt("WEBHOOK_DELIVERY_CONCURRENCY", undefined, 1, 100);
  const deliveriesPerStudio = envInt("WEBHOOK_DELIVERIES_PER_STUDIO", undefined, 1, 100);

  // SHUTDOWN_GRACE_MS: how long running jobs may finish after SIGTERM/SIGINT (then they go back to the queue).
  const graceMs = envMs("SHUTDOWN_GRACE_MS", 25_000, 0);
  const database = url
    ? createDatabase({
        url,
        maxConnections: 5,
        prepareStatements: process.env.DATABASE_PREPARED_STATEMENTS !== "0",
        applicationName: "studio-worker",
        connectTimeoutMs: envMs("DATABASE_CONNECT_TIMEOUT_MS", DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs),
        acquireTimeoutMs: envMs("DATABASE_ACQUIRE_TIMEOUT_MS", DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs),
        statementTimeoutMs: envMs(
          "DATABASE_STATEMENT_TIMEOUT_MS",
          DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs,
          0,
        ),
        onAvailabilityChange: (available, detail) =>
          available
            ? logger.info("database reachable again")
            : logger.error("database unreachable; jobs wait until it is back", { detail }),
      })
    : createDatabase({ dataDir });
  await database.migrate();
  // WHATSAPP_*: the chat provider (trainee invites, sign-in codes); unset: chat messages are only logged.
  // MAIL_*: the mail provider (Postmark's API: signup codes, team invitations); unset: mail is only logged.
  let chat;
  let mail;
  try {
    chat = whatsAppConfigFromEnv(process.env);
    mail = mailConfigFromEnv(process.env);
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // SESSION_SIGNING_SECRET: the API's; sign-in codes travel sealed under it (the same default outside production).
  const production = /^(production|prod)$/i.test((process.env.NODE_ENV ?? "").trim());
  const sessionSigningSecret =
    process.env.SESSION_SIGNING_SECRET || (production ? undefined : "dev-session-secret");
  // LLM_BASE_URL (+ LLM_API_KEY, LLM_MODEL default gpt-4o-mini): the agent's replies; unset: none are sent.
  // WAITLIST_FORWARD_URL: where waitlist leads are forwarded (http or https); unset: nothing is forwarded.
  const llmBaseUrl = process.env.LLM_BASE_URL?.trim();
  const waitlistForwardUrl = process.env.WAITLIST_FORWARD_URL?.trim() || undefined;
  for (const [name, value] of [
    ["LLM_BASE_URL", llmBaseUrl],
    ["WAITLIST_FORWARD_URL", waitlistForwardUrl],
  ] as const) {
    if (value && !/^https?:\/\//i.test(value)) {
      logger.error(`${name} must be an http or https URL`);
      process.exit(1);
    }
  }
  const model = llmBaseUrl
    ? createLanguageModel({
        baseUrl: llmBaseUrl,
        apiKey: process.env.LLM_API_KEY || undefined,
        model: process.env.LLM_MODEL?.trim() || "gpt-4o-mini",
      })
    : null;
  // PUSH_API_URL: push provider endpoint (Expo push API shape), Expo's own by default.
  const queue = createWiredJobQueue(database, {
    logger,
    now: () => new Date(),
    workerId,
    pushApiUrl: process.env.PUSH_API_URL || undefined,
    // WEBHOOK_ALLOW_LOOPBACK=1 lets tests deliver to loopback receivers; never in production.
    webhookAllowLoopback: process.env.WEBHOOK_ALLOW_LOOPBACK === "1" && process.env.NODE_ENV !== "production",
    sessionSigningSecret,
    model,
    waitlistForwardUrl,
    ports: {
      ...(chat && { chat: createWhatsAppCloudChat(chat) }),
      ...(mail && { mailer: createPostmarkMailer(mail) }),
    },
    webhookDeliveriesPerStudio: deliveriesPerStudio,
    queue: {
      pollingIntervalSeconds,
      shutdownTimeoutMs: graceMs,
      maintenanceIntervalSeconds,
      ...(deliveryConcurrency !== undefined && {
        concurrency: { [deliverWebhook.name]: deliveryConcurrency },
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
  await startWorkerMetrics(database, logger);
  logger.info("worker ready", {
    workerId,
    database: database.kind,
    maintenanceIntervalSeconds: maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  });
}

/** A millisecond setting: an integer of at least `min` (0 turns the statement timeout off). */
function envMs(name: string, fallback: number, min = 1): number {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    logger.error(`${name} must be an integer of at least ${min} (milliseconds)`);
    process.exit(1);
  }
  return n;
}

/** A whole-number setting between `min` and `max`; unset: `fallback`. */
function envInt(name: string, fallback: number | undefined, min: number, max: number): number | undefined {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    logger.error(`${name} must be a whole number from ${min} to ${max}`);
    process.exit(1);
  }
  return n;
}

main().catch((err: unknown) => {
  logger.error("worker failed to start", {
    error: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  process.exit(1);
});
