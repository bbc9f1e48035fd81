import { AGENT_DEBOUNCE, MEDIA_LIMITS, WAITLIST_LIMITS } from "@studio/contracts";
import { DATABASE_TIMEOUT_DEFAULTS } from "@studio/db";
import { z } from "zod";
import { type Env, firstProblem, processEnv, providerSettings } from "./env";
import {
  commaList,
  flag,
  httpUrl,
  integerFromTo,
  nonEmpty,
  optionalString,
  positiveInt,
  positiveIntOrZero,
  trimmed,
} from "./fields";
import {
  ConfigError,
  DEFAULT_SERVICE_AUTH_SECRET,
  DEFAULT_SESSION_SIGNING_SECRET,
  isProductionEnv,
  productionRefusal,
  productionSecretProblems,
} from "./production";
import { DEFAULT_PUSH_API_URL, type PostmarkMailConfig, type WhatsAppCloudConfig } from "./provider-settings";

/** The API process's environment (decisions.md "Configuration"); read once at start. */
export interface ApiConfig {
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
  /**
   * REDIS_KEY_PREFIX: prepended to every key the API writes to Redis (nonces, the store epoch,
   * rate-limit counters, codes, throttles), so several deployments share one Redis; "" = none.
   * Every API process of one deployment must use the same prefix.
   */
  redisKeyPrefix: string;
  serviceAuthSecret: string;
  serviceIds: ReadonlySet<string>;
  sessionSigningSecret: string;
  webhookSecret?: string;
  /**
   * PAYMENTS_WEBHOOK_SECRET: the payments provider's Standard Webhooks secret (`whsec_` + base64
   * of the key, or a plain secret used as its bytes); unset: POST /api/webhooks/payments answers 401.
   */
  paymentsWebhookSecret?: string;
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
  /**
   * ONBOARDING_SEND_TIMEOUT_MS (100 to 10 000, default 5 000): how long a signup verification
   * request (request-otp, request-email-otp) waits for the chat or mail provider, which the API
   * calls in the request (document 3: the answer is 503 when the sender refuses); past it: 503.
   */
  onboardingSendTimeoutMs: number;
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
  /** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL (unset: the model client's default, DEFAULT_LLM_MODEL). */
  llm?: { baseUrl: string; apiKey?: string; model?: string };
  /** RECIPE_READER_URL (+ RECIPE_READER_API_KEY): the second reader of recipe links; unset: none. */
  recipeReader?: { url: string; apiKey?: string };
  /** Push provider endpoint (Expo push API shape); PUSH_API_URL, default Expo's. */
  pushApiUrl: string;
  /** METRICS_TOKEN: /metrics only to `Authorization: Bearer <token>`; unset in production = no /metrics. */
  metricsToken?: string;
}

const orDefault = (fallback: string) => optionalString.transform((value) => value || fallback);

/** REDIS_KEY_PREFIX: 1-64 of A-Z a-z 0-9 . _ : - (no spaces, no glob characters); unset or blank = none. */
const redisKeyPrefix = optionalString.transform((value, ctx) => {
  const prefix = value?.trim() ?? "";
  if (prefix && !/^[A-Za-z0-9._:-]{1,64}$/.test(prefix)) {
    ctx.addIssue({
      code: "custom",
      message: "REDIS_KEY_PREFIX must be 1-64 characters of A-Z a-z 0-9 . _ : -",
    });
    return z.NEVER;
  }
  return prefix;
});

/** The API's variables, each parsed on its own; a problem names the variable (first one wins). */
const apiEnv = z.object({
  // `??`: an empty NODE_ENV stays empty (not production, not "development").
  NODE_ENV: optionalString.transform((value) => value ?? "development"),
  PORT: positiveInt("PORT", 3000),
  DATABASE_URL: nonEmpty,
  DATABASE_PREPARED_STATEMENTS: optionalString.transform((value) => value !== "0"),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(
    "DATABASE_CONNECT_TIMEOUT_MS",
    DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs,
  ),
  DATABASE_ACQUIRE_TIMEOUT_MS: positiveInt(
    "DATABASE_ACQUIRE_TIMEOUT_MS",
    DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs,
  ),
  // 0 turns the statement timeout off.
  DATABASE_STATEMENT_TIMEOUT_MS: positiveIntOrZero(
    "DATABASE_STATEMENT_TIMEOUT_MS",
    DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs,
  ),
  SHUTDOWN_GRACE_MS: positiveIntOrZero("SHUTDOWN_GRACE_MS", 25_000),
  PGLITE_DATA_DIR: orDefault("./.data/pglite"),
  REDIS_URL: nonEmpty,
  REDIS_KEY_PREFIX: redisKeyPrefix,
  SERVICE_AUTH_SECRET: orDefault(DEFAULT_SERVICE_AUTH_SECRET),
  SESSION_SIGNING_SECRET: orDefault(DEFAULT_SESSION_SIGNING_SECRET),
  SERVICE_IDS: commaList("web-app"),
  WEBHOOK_SECRET: nonEmpty,
  PAYMENTS_WEBHOOK_SECRET: nonEmpty,
  RATE_LIMIT_PER_MINUTE: positiveInt("RATE_LIMIT_PER_MINUTE", 120),
  BODY_LIMIT_BYTES: positiveInt("BODY_LIMIT_BYTES", 1024 * 1024),
  TRUST_PROXY: flag,
  OTP_DEV_MODE: flag,
  ONBOARDING_SEND_TIMEOUT_MS: integerFromTo("ONBOARDING_SEND_TIMEOUT_MS", 5_000, 100, 10_000),
  APP_WEB_URL: orDefault("http://localhost:3000"),
  WAITLIST_FORWARD_URL: httpUrl("WAITLIST_FORWARD_URL", "unset"),
  WAITLIST_RATE_LIMIT: positiveInt("WAITLIST_RATE_LIMIT", WAITLIST_LIMITS.perAddress),
  AGENT_PILOT_PHONES: commaList(),
  AGENT_DEBOUNCE_SECONDS: integerFromTo(
    "AGENT_DEBOUNCE_SECONDS",
    AGENT_DEBOUNCE.defaultSeconds,
    0,
    AGENT_DEBOUNCE.maxSeconds,
  ),
  WEBHOOK_ALLOW_LOOPBACK: flag,
  RUN_WORKER_IN_PROCESS: nonEmpty,
  S3_BUCKET: nonEmpty,
  S3_ENDPOINT: nonEmpty,
  S3_REGION: orDefault("us-east-1"),
  S3_ACCESS_KEY_ID: nonEmpty,
  S3_SECRET_ACCESS_KEY: nonEmpty,
  S3_PUBLIC_BASE_URL: nonEmpty,
  MEDIA_DIR: nonEmpty,
  MEDIA_PUBLIC_BASE_URL: nonEmpty,
  MEDIA_INLINE_BODY_LIMIT_BYTES: positiveInt("MEDIA_INLINE_BODY_LIMIT_BYTES", MEDIA_LIMITS.inlineBodyBytes),
  MEDIA_PART_BODY_LIMIT_BYTES: positiveInt("MEDIA_PART_BODY_LIMIT_BYTES", MEDIA_LIMITS.partBodyBytes),
  LLM_BASE_URL: httpUrl("LLM_BASE_URL", "invalid"),
  LLM_API_KEY: nonEmpty,
  LLM_MODEL: trimmed,
  RECIPE_READER_URL: httpUrl("RECIPE_READER_URL", "unset"),
  RECIPE_READER_API_KEY: nonEmpty,
  PUSH_API_URL: orDefault(DEFAULT_PUSH_API_URL),
  METRICS_TOKEN: trimmed,
});

type ApiEnv = z.output<typeof apiEnv>;

/** Refuse to start rather than accept requests signed with a known or guessable secret. */
function refuseInProduction(env: Env): void {
  if (!isProductionEnv(env.NODE_ENV ?? "development")) return;
  const problems = productionSecretProblems(
    env.SERVICE_AUTH_SECRET || DEFAULT_SERVICE_AUTH_SECRET,
    env.SESSION_SIGNING_SECRET || DEFAULT_SESSION_SIGNING_SECRET,
  );
  if (env.WEBHOOK_ALLOW_LOOPBACK === "1") problems.push("WEBHOOK_ALLOW_LOOPBACK is refused in production");
  if (env.OTP_DEV_MODE === "1") problems.push("OTP_DEV_MODE is refused in production");
  const refusal = productionRefusal(problems);
  if (refusal) throw refusal;
}

function s3Of(e: ApiEnv): ApiConfig["s3"] {
  if (!e.S3_BUCKET) return undefined;
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicBaseUrl: e.S3_PUBLIC_BASE_URL,
  };
}

function toApiConfig(e: ApiEnv, providers: Pick<ApiConfig, "chat" | "mail">): ApiConfig {
  const s3 = s3Of(e);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: isProductionEnv(e.NODE_ENV),
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databaseTimeouts: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    pgliteDataDir: e.PGLITE_DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    serviceAuthSecret: e.SERVICE_AUTH_SECRET,
    serviceIds: new Set(e.SERVICE_IDS),
    sessionSigningSecret: e.SESSION_SIGNING_SECRET,
    webhookSecret: e.WEBHOOK_SECRET,
    paymentsWebhookSecret: e.PAYMENTS_WEBHOOK_SECRET,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    otpDevMode: e.OTP_DEV_MODE,
    ...providers,
    onboardingSendTimeoutMs: e.ONBOARDING_SEND_TIMEOUT_MS,
    appWebUrl: e.APP_WEB_URL,
    waitlistForwardUrl: e.WAITLIST_FORWARD_URL,
    waitlistRateLimit: e.WAITLIST_RATE_LIMIT,
    agent: { pilotPhones: e.AGENT_PILOT_PHONES, debounceSeconds: e.AGENT_DEBOUNCE_SECONDS },
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    runWorkerInProcess: e.RUN_WORKER_IN_PROCESS ? e.RUN_WORKER_IN_PROCESS === "1" : !e.DATABASE_URL,
    s3,
    localMedia:
      !s3 && (e.MEDIA_DIR || !e.DATABASE_URL)
        ? {
            dir: e.MEDIA_DIR || "./.data/media",
            publicBaseUrl: e.MEDIA_PUBLIC_BASE_URL || `http://localhost:${e.PORT}/media`,
          }
        : undefined,
    mediaInlineBodyLimitBytes: e.MEDIA_INLINE_BODY_LIMIT_BYTES,
    mediaPartBodyLimitBytes: e.MEDIA_PART_BODY_LIMIT_BYTES,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL } : undefined,
    recipeReader: e.RECIPE_READER_URL
      ? { url: e.RECIPE_READER_URL, apiKey: e.RECIPE_READER_API_KEY }
      : undefined,
    pushApiUrl: e.PUSH_API_URL,
    metricsToken: e.METRICS_TOKEN,
  };
}

/**
 * The API's configuration. Throws a ConfigError naming the first problem: the production
 * refusal first (every weak secret at once), then the variables in the order above, then the
 * chat and mail providers.
 */
export function loadApiConfig(env: Env = processEnv()): ApiConfig {
  refuseInProduction(env);
  const parsed = apiEnv.safeParse(env);
  if (!parsed.success) throw new ConfigError(firstProblem(parsed.error));
  return toApiConfig(parsed.data, providerSettings(env));
}
