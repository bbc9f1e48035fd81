import {
  DEFAULT_PUSH_API_URL,
  mailConfigFromEnv,
  whatsAppConfigFromEnv,
  type PostmarkMailConfig,
  type WhatsAppCloudConfig,
} from "@studio/jobs";
import { DATABASE_TIMEOUT_DEFAULTS } from "@studio/db";
import { AGENT_DEBOUNCE, MEDIA_LIMITS, WAITLIST_LIMITS } from "@studio/contracts";

/** Environment of decisions.md "Configuration"; read once at start. */
export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  databaseUrl?: string;
  /** Named prepared statements on PostgreSQL (off behind a transaction-mode pooler). */
  databasePreparedStatements: boolean;
  /** Fail-fast PostgreSQL bounds (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_ACQUIRE_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS). */
  databaseTimeouts: { connectTimeoutMs: number; acquireTimeoutMs: number; statementTimeoutMs: number };
  /** SHUTDOWN_GRACE_MS: how long in-flight requests may finish after SIGTERM/SIGINT. */
  shutdownGraceMs: number;
  pgliteDataDir: string;
  redisUrl?: string;
  serviceAuthSecret: string;
  serviceIds: ReadonlySet<string>;
  sessionSigningSecret: string;
  webhookSecret?: string;
  rateLimitPerMinute: number;
  /** Largest accepted JSON body. */
  bodyLimitBytes: number;
  /** Read the client address from x-forwarded-for (set when behind a trusted proxy). */
  trustProxy: boolean;
  otpDevMode: boolean;
  /**
   * The chat provider (WhatsApp Cloud API: WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN,
   * WHATSAPP_API_URL, WHATSAPP_CODE_TEMPLATE, WHATSAPP_TEMPLATE_LANGUAGE); unset: invites are
   * only logged and sign-in codes answer SERVICE_UNAVAILABLE (unless OTP_DEV_MODE=1).
   */
  chat?: WhatsAppCloudConfig;
  /**
   * The mail provider (Postmark's send-email API: MAIL_SERVER_TOKEN, MAIL_FROM, MAIL_API_URL,
   * MAIL_MESSAGE_STREAM); unset: mail is only logged and signup e-mail codes answer
   * SERVICE_UNAVAILABLE (unless OTP_DEV_MODE=1).
   */
  mail?: PostmarkMailConfig;
  appWebUrl: string;
  /** WAITLIST_FORWARD_URL (http or https): where waitlist leads are forwarded after the response; unset: no forward. */
  waitlistForwardUrl?: string;
  /**
   * The platform agent (POST /v1/agent/webhook): AGENT_PILOT_PHONES (comma-separated; set: only
   * these senders are answered) and AGENT_DEBOUNCE_SECONDS (0 to 300, default 8: the quiet time of
   * a conversation before its reply). On only with LLM_BASE_URL, LLM_API_KEY and WHATSAPP_*.
   */
  agent: { pilotPhones: string[]; debounceSeconds: number };
  /** WAITLIST_RATE_LIMIT: waitlist sign-ups per visitor address per 600 s (default 20). */
  waitlistRateLimit: number;
  webhookAllowLoopback: boolean;
  /** Run the job worker inside the API process (the embedded default does). */
  runWorkerInProcess: boolean;
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    publicBaseUrl?: string;
  };
  /**
   * The embedded default's media store (no S3_BUCKET): a directory served by the API at /media.
   * On when DATABASE_URL is unset or MEDIA_DIR is set; MEDIA_PUBLIC_BASE_URL overrides
   * http://localhost:<PORT>/media. Neither S3 nor this: media routes answer INTERNAL.
   */
  localMedia?: { dir: string; publicBaseUrl: string };
  /** Per-route body limits of document 2 (24mb inline media JSON, 12mb multipart part). */
  mediaInlineBodyLimitBytes: number;
  mediaPartBodyLimitBytes: number;
  llm?: { baseUrl: string; apiKey?: string; model?: string };
  /** RECIPE_READER_URL (+ RECIPE_READER_API_KEY): the second reader of recipe links; unset: none. */
  recipeReader?: { url: string; apiKey?: string };
  /** Push provider endpoint (Expo push API shape); PUSH_API_URL, default Expo's. */
  pushApiUrl: string;
  /** METRICS_TOKEN: /metrics only to `Authorization: Bearer <token>`; unset in production = no /metrics. */
  metricsToken?: string;
}

export const DEFAULT_SERVICE_AUTH_SECRET = "dev-service-secret";
export const DEFAULT_SESSION_SIGNING_SECRET = "dev-session-secret";

export class ConfigError extends Error {}

const positiveInt = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer`);
  return n;
};

/** Shortest secret accepted in production (SERVICE_AUTH_SECRET, SESSION_SIGNING_SECRET). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/** NODE_ENV "production" or "prod", in any case and with surrounding whitespace, means production. */
export const isProductionEnv = (nodeEnv: string | undefined): boolean =>
  /^(production|prod)$/i.test((nodeEnv ?? "").trim());

/**
 * Refuses weak production secrets: unset, blank or a development default (compared after
 * trimming), shorter than 32 characters (after trimming), or the same value for both
 * purposes. The message names the variables, never their values.
 */
function productionSecretProblems(serviceAuthSecret: string, sessionSigningSecret: string): string[] {
  const secrets = [
    ["SERVICE_AUTH_SECRET", serviceAuthSecret.trim()],
    ["SESSION_SIGNING_SECRET", sessionSigningSecret.trim()],
  ] as const;
  const defaults = new Set(["", DEFAULT_SERVICE_AUTH_SECRET, DEFAULT_SESSION_SIGNING_SECRET]);
  const problems: string[] = [];
  const weak = secrets.filter(([, value]) => defaults.has(value)).map(([name]) => name);
  if (weak.length) problems.push(`refusing to start in production with default secrets: ${weak.join(", ")}`);
  for (const [name, value] of secrets) {
    if (!defaults.has(value) && value.length < MIN_PRODUCTION_SECRET_LENGTH)
      problems.push(`${name} must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters`);
  }
  if (!weak.length && secrets[0][1] === secrets[1][1])
    problems.push("SERVICE_AUTH_SECRET and SESSION_SIGNING_SECRET must differ");
  return problems;
}

/** An absolute http(s) URL setting (LLM_BASE_URL, RECIPE_READER_URL), trimmed. */
const httpUrl = (value: string, name: string): string => {
  const trimmed = value.trim();
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new ConfigError(`${name} must be an http or https URL`);
  return trimmed;
};

/** WHATSAPP_*, with a problem reported as a ConfigError like every other setting. */
function chatConfig(env: NodeJS.ProcessEnv): WhatsAppCloudConfig | undefined {
  try {
    return whatsAppConfigFromEnv(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** MAIL_*, with a problem reported as a ConfigError like every other setting. */
function mailConfig(env: NodeJS.ProcessEnv): PostmarkMailConfig | undefined {
  try {
    return mailConfigFromEnv(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** AGENT_DEBOUNCE_SECONDS: an integer from 0 to 300, default 8. */
function agentDebounceSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return AGENT_DEBOUNCE.defaultSeconds;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 0 || n > AGENT_DEBOUNCE.maxSeconds)
    throw new ConfigError(`AGENT_DEBOUNCE_SECONDS must be an integer from 0 to ${AGENT_DEBOUNCE.maxSeconds}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? "development";
  const isProduction = isProductionEnv(nodeEnv);
  const serviceAuthSecret = env.SERVICE_AUTH_SECRET || DEFAULT_SERVICE_AUTH_SECRET;
  const sessionSigningSecret = env.SESSION_SIGNING_SECRET || DEFAULT_SESSION_SIGNING_SECRET;
  const webhookAllowLoopback = env.WEBHOOK_ALLOW_LOOPBACK === "1";

  if (isProduction) {
    // Refuse to start rather than accept requests signed with a known or guessable secret.
    const problems = productionSecretProblems(serviceAuthSecret, sessionSigningSecret);
    if (webhookAllowLoopback) problems.push("WEBHOOK_ALLOW_LOOPBACK is refused in production");
    if (env.OTP_DEV_MODE === "1") problems.push("OTP_DEV_MODE is refused in production");
    if (problems.length) {
      const [first, ...rest] = problems;
      const lead = first!.startsWith("refusing") ? first! : `refusing to start in production: ${first}`;
      throw new ConfigError([lead, ...rest].join("; "));
    }
  }

  const s3 = env.S3_BUCKET
    ? {
        endpoint: env.S3_ENDPOINT || undefined,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION || "us-east-1",
        accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        publicBaseUrl: env.S3_PUBLIC_BASE_URL || undefined,
      }
    : undefined;

  return {
    nodeEnv,
    isProduction,
    port: positiveInt(env.PORT, 3000, "PORT"),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== "0",
    databaseTimeouts: {
      connectTimeoutMs: positiveInt(
        env.DATABASE_CONNECT_TIMEOUT_MS,
        DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs,
        "DATABASE_CONNECT_TIMEOUT_MS",
      ),
      acquireTimeoutMs: positiveInt(
        env.DATABASE_ACQUIRE_TIMEOUT_MS,
        DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs,
        "DATABASE_ACQUIRE_TIMEOUT_MS",
      ),
      // 0 turns the statement timeout off.
      statementTimeoutMs:
        env.DATABASE_STATEMENT_TIMEOUT_MS?.trim() === "0"
          ? 0
          : positiveInt(
              env.DATABASE_STATEMENT_TIMEOUT_MS,
              DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs,
              "DATABASE_STATEMENT_TIMEOUT_MS",
            ),
    },
    shutdownGraceMs:
      env.SHUTDOWN_GRACE_MS?.trim() === "0"
        ? 0
        : positiveInt(env.SHUTDOWN_GRACE_MS, 25_000, "SHUTDOWN_GRACE_MS"),
    pgliteDataDir: env.PGLITE_DATA_DIR || "./.data/pglite",
    redisUrl: env.REDIS_URL || undefined,
    serviceAuthSecret,
    serviceIds: new Set(
      (env.SERVICE_IDS || "web-app")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    sessionSigningSecret,
    webhookSecret: env.WEBHOOK_SECRET || undefined,
    rateLimitPerMinute: positiveInt(env.RATE_LIMIT_PER_MINUTE, 120, "RATE_LIMIT_PER_MINUTE"),
    bodyLimitBytes: positiveInt(env.BODY_LIMIT_BYTES, 1024 * 1024, "BODY_LIMIT_BYTES"),
    trustProxy: env.TRUST_PROXY === "1",
    otpDevMode: env.OTP_DEV_MODE === "1",
    chat: chatConfig(env),
    mail: mailConfig(env),
    appWebUrl: env.APP_WEB_URL || "http://localhost:3000",
    waitlistForwardUrl: env.WAITLIST_FORWARD_URL?.trim()
      ? httpUrl(env.WAITLIST_FORWARD_URL, "WAITLIST_FORWARD_URL")
      : undefined,
    waitlistRateLimit: positiveInt(
      env.WAITLIST_RATE_LIMIT,
      WAITLIST_LIMITS.perAddress,
      "WAITLIST_RATE_LIMIT",
    ),
    agent: {
      pilotPhones: (env.AGENT_PILOT_PHONES ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      debounceSeconds: agentDebounceSeconds(env.AGENT_DEBOUNCE_SECONDS),
    },
    webhookAllowLoopback,
    runWorkerInProcess: env.RUN_WORKER_IN_PROCESS ? env.RUN_WORKER_IN_PROCESS === "1" : !env.DATABASE_URL,
    s3,
    localMedia:
      !s3 && (env.MEDIA_DIR || !env.DATABASE_URL)
        ? {
            dir: env.MEDIA_DIR || "./.data/media",
            publicBaseUrl:
              env.MEDIA_PUBLIC_BASE_URL || `http://localhost:${positiveInt(env.PORT, 3000, "PORT")}/media`,
          }
        : undefined,
    mediaInlineBodyLimitBytes: positiveInt(
      env.MEDIA_INLINE_BODY_LIMIT_BYTES,
      MEDIA_LIMITS.inlineBodyBytes,
      "MEDIA_INLINE_BODY_LIMIT_BYTES",
    ),
    mediaPartBodyLimitBytes: positiveInt(
      env.MEDIA_PART_BODY_LIMIT_BYTES,
      MEDIA_LIMITS.partBodyBytes,
      "MEDIA_PART_BODY_LIMIT_BYTES",
    ),
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: httpUrl(env.LLM_BASE_URL, "LLM_BASE_URL"),
          apiKey: env.LLM_API_KEY || undefined,
          model: env.LLM_MODEL?.trim() || undefined,
        }
      : undefined,
    recipeReader: env.RECIPE_READER_URL?.trim()
      ? {
          url: httpUrl(env.RECIPE_READER_URL, "RECIPE_READER_URL"),
          apiKey: env.RECIPE_READER_API_KEY || undefined,
        }
      : undefined,
    pushApiUrl: env.PUSH_API_URL || DEFAULT_PUSH_API_URL,
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
  };
}
