import { DEFAULT_PUSH_API_URL } from "@studio/domain";

/** Environment of decisions.md "Configuration"; read once at start. */
export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  databaseUrl?: string;
  /** Named prepared statements on PostgreSQL (off behind a transaction-mode pooler). */
  databasePreparedStatements: boolean;
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
  appWebUrl: string;
  waitlistForwardUrl?: string;
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
  llm?: { baseUrl: string; apiKey?: string; model?: string };
  /** Push provider endpoint (Expo push API shape); PUSH_API_URL, default Expo's. */
  pushApiUrl: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? "development";
  const isProduction = nodeEnv === "production";
  const serviceAuthSecret = env.SERVICE_AUTH_SECRET || DEFAULT_SERVICE_AUTH_SECRET;
  const sessionSigningSecret = env.SESSION_SIGNING_SECRET || DEFAULT_SESSION_SIGNING_SECRET;
  const webhookAllowLoopback = env.WEBHOOK_ALLOW_LOOPBACK === "1";

  if (isProduction) {
    // Refuse to start rather than accept requests signed with a publicly known secret.
    const weak: string[] = [];
    if (serviceAuthSecret === DEFAULT_SERVICE_AUTH_SECRET) weak.push("SERVICE_AUTH_SECRET");
    if (sessionSigningSecret === DEFAULT_SESSION_SIGNING_SECRET) weak.push("SESSION_SIGNING_SECRET");
    if (weak.length)
      throw new ConfigError(`refusing to start in production with default secrets: ${weak.join(", ")}`);
    if (webhookAllowLoopback) throw new ConfigError("WEBHOOK_ALLOW_LOOPBACK is refused in production");
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
    appWebUrl: env.APP_WEB_URL || "http://localhost:3000",
    waitlistForwardUrl: env.WAITLIST_FORWARD_URL || undefined,
    webhookAllowLoopback,
    runWorkerInProcess: env.RUN_WORKER_IN_PROCESS ? env.RUN_WORKER_IN_PROCESS === "1" : !env.DATABASE_URL,
    s3,
    llm: env.LLM_BASE_URL
      ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL }
      : undefined,
    pushApiUrl: env.PUSH_API_URL || DEFAULT_PUSH_API_URL,
  };
}
