import { DATABASE_TIMEOUT_DEFAULTS } from "@studio/db";
import { z } from "zod";
import { type Env, firstProblem, processEnv, providerSettings } from "./env";
import { nonEmpty, optionalString, trimmed, workerHttpUrl, workerInt, workerMs } from "./fields";
import {
  ConfigError,
  DEFAULT_LLM_MODEL,
  DEFAULT_SESSION_SIGNING_SECRET,
  isProductionEnv,
} from "./production";
import type { PostmarkMailConfig, WhatsAppCloudConfig } from "./provider-settings";

/** The standalone worker process's environment (apps/worker); read once at start. */
export interface WorkerConfig {
  /** WORKER_ID; unset: the job registry's default (host and pid). */
  workerId?: string;
  /** DATABASE_URL (PostgreSQL), or PGLITE_DATA_DIR (an embedded database no API process has open). */
  database:
    | {
        url: string;
        preparedStatements: boolean;
        timeouts: { connectTimeoutMs: number; acquireTimeoutMs: number; statementTimeoutMs: number };
      }
    | { dataDir: string };
  /** WORKER_POLL_INTERVAL_SECONDS (at least 0.5); unset: pg-boss's. */
  pollingIntervalSeconds?: number;
  /**
   * WORKER_MAINTENANCE_INTERVAL_SECONDS: how often pg-boss maintenance returns the jobs of a worker
   * that died (their attempt outlived its expiry) to the queue; unset: the queue's default (30).
   */
  maintenanceIntervalSeconds?: number;
  /** WEBHOOK_DELIVERY_CONCURRENCY: webhook deliveries this worker runs at once (unset: 64). */
  deliveryConcurrency?: number;
  /** WEBHOOK_DELIVERIES_PER_STUDIO: one studio's deliveries in flight across all workers (unset: 4). */
  deliveriesPerStudio?: number;
  /**
   * SCHEDULER_GRACE_MINUTES (1-10080): work the scheduler missed (no worker ran) is still done when
   * it came due at most this long ago, else recorded skipped OUTSIDE_GRACE; unset: 180 (3 h).
   */
  schedulerGraceMinutes?: number;
  /** SHUTDOWN_GRACE_MS: how long running jobs may finish after SIGTERM/SIGINT (default 25 000). */
  shutdownGraceMs: number;
  /** WHATSAPP_*: the chat provider (trainee invites, sign-in codes); unset: chat messages are only logged. */
  chat?: WhatsAppCloudConfig;
  /** MAIL_*: the mail provider (signup codes, team invitations); unset: mail is only logged. */
  mail?: PostmarkMailConfig;
  /** SESSION_SIGNING_SECRET: the API's (sign-in codes travel sealed under it); the same default outside production. */
  sessionSigningSecret?: string;
  /** LLM_BASE_URL (+ LLM_API_KEY, LLM_MODEL default gpt-4o-mini): the agent's replies; unset: none are sent. */
  llm?: { baseUrl: string; apiKey?: string; model: string };
  /** WAITLIST_FORWARD_URL: where waitlist leads are forwarded (http or https); unset: nothing is forwarded. */
  waitlistForwardUrl?: string;
  /** PUSH_API_URL: push provider endpoint (Expo push API shape); unset: Expo's own. */
  pushApiUrl?: string;
  /** WEBHOOK_ALLOW_LOOPBACK=1 lets tests deliver to loopback receivers; never with NODE_ENV=production. */
  webhookAllowLoopback: boolean;
  /** WORKER_METRICS_PORT (0-65535; unset: no /metrics), METRICS_TOKEN and production as for the API's /metrics. */
  metrics: { port?: number; token?: string; production: boolean };
}

const pollInterval = optionalString.transform((value, ctx) => {
  if (!value) return undefined;
  const n = Number(value);
  if (!(n >= 0.5)) {
    ctx.addIssue({ code: "custom", message: "WORKER_POLL_INTERVAL_SECONDS must be a number >= 0.5" });
    return z.NEVER;
  }
  return n;
});

const metricsPort = trimmed.transform((value, ctx) => {
  if (!value) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    ctx.addIssue({ code: "custom", message: "WORKER_METRICS_PORT must be a port number (0-65535)" });
    return z.NEVER;
  }
  return port;
});

/** The worker's own variables (checked after the database's presence, before its bounds). */
const workerEnv = z.object({
  WORKER_ID: nonEmpty,
  WORKER_POLL_INTERVAL_SECONDS: pollInterval,
  WORKER_MAINTENANCE_INTERVAL_SECONDS: workerInt("WORKER_MAINTENANCE_INTERVAL_SECONDS", 1, 3600),
  WEBHOOK_DELIVERY_CONCURRENCY: workerInt("WEBHOOK_DELIVERY_CONCURRENCY", 1, 100),
  WEBHOOK_DELIVERIES_PER_STUDIO: workerInt("WEBHOOK_DELIVERIES_PER_STUDIO", 1, 100),
  SCHEDULER_GRACE_MINUTES: workerInt("SCHEDULER_GRACE_MINUTES", 1, 10080),
  SHUTDOWN_GRACE_MS: workerMs("SHUTDOWN_GRACE_MS", 25_000, 0),
});

/** What the worker reads after the database and the chat and mail providers. */
const workerServicesEnv = z.object({
  NODE_ENV: optionalString,
  SESSION_SIGNING_SECRET: nonEmpty,
  LLM_BASE_URL: workerHttpUrl("LLM_BASE_URL"),
  WAITLIST_FORWARD_URL: workerHttpUrl("WAITLIST_FORWARD_URL"),
  LLM_API_KEY: nonEmpty,
  LLM_MODEL: trimmed,
  PUSH_API_URL: nonEmpty,
  WEBHOOK_ALLOW_LOOPBACK: optionalString,
  WORKER_METRICS_PORT: metricsPort,
  METRICS_TOKEN: trimmed,
});

/** The PostgreSQL settings, read only when DATABASE_URL is set. */
const postgresEnv = z.object({
  DATABASE_PREPARED_STATEMENTS: optionalString.transform((value) => value !== "0"),
  DATABASE_CONNECT_TIMEOUT_MS: workerMs(
    "DATABASE_CONNECT_TIMEOUT_MS",
    DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs,
  ),
  DATABASE_ACQUIRE_TIMEOUT_MS: workerMs(
    "DATABASE_ACQUIRE_TIMEOUT_MS",
    DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs,
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: workerMs(
    "DATABASE_STATEMENT_TIMEOUT_MS",
    DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs,
    0,
  ),
});

const parse = <T extends z.ZodType>(schema: T, env: Env): z.output<T> => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(firstProblem(parsed.error));
  return parsed.data;
};

function databaseOf(env: Env): WorkerConfig["database"] {
  const url = env.DATABASE_URL || undefined;
  const dataDir = env.PGLITE_DATA_DIR || undefined;
  if (url) {
    const e = parse(postgresEnv, env);
    return {
      url,
      preparedStatements: e.DATABASE_PREPARED_STATEMENTS,
      timeouts: {
        connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
        acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
        statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      },
    };
  }
  return { dataDir: dataDir! };
}

/**
 * The worker's configuration. Throws a ConfigError naming the first problem, in the order the
 * worker has always checked: a database at all, its own variables, the PostgreSQL bounds, the
 * chat and mail providers, then the model, forward and metrics settings.
 */
export function loadWorkerConfig(env: Env = processEnv()): WorkerConfig {
  if (!env.DATABASE_URL && !env.PGLITE_DATA_DIR)
    throw new ConfigError(
      "DATABASE_URL is required (or PGLITE_DATA_DIR for an embedded database no API process is using)",
    );
  const own = parse(workerEnv, env);
  const database = databaseOf(env);
  const providers = providerSettings(env);
  const e = parse(workerServicesEnv, env);
  const production = isProductionEnv(e.NODE_ENV);
  return {
    workerId: own.WORKER_ID,
    database,
    pollingIntervalSeconds: own.WORKER_POLL_INTERVAL_SECONDS,
    maintenanceIntervalSeconds: own.WORKER_MAINTENANCE_INTERVAL_SECONDS,
    deliveryConcurrency: own.WEBHOOK_DELIVERY_CONCURRENCY,
    deliveriesPerStudio: own.WEBHOOK_DELIVERIES_PER_STUDIO,
    schedulerGraceMinutes: own.SCHEDULER_GRACE_MINUTES,
    shutdownGraceMs: own.SHUTDOWN_GRACE_MS,
    ...providers,
    sessionSigningSecret:
      e.SESSION_SIGNING_SECRET ?? (production ? undefined : DEFAULT_SESSION_SIGNING_SECRET),
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL ?? DEFAULT_LLM_MODEL }
      : undefined,
    waitlistForwardUrl: e.WAITLIST_FORWARD_URL,
    pushApiUrl: e.PUSH_API_URL,
    // Exactly "production" here, as the worker always read it.
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK === "1" && e.NODE_ENV !== "production",
    metrics: { port: e.WORKER_METRICS_PORT, token: e.METRICS_TOKEN, production },
  };
}
