import { createDatabase } from "@studio/db";
import { createKvStore, evictionProblem, RedisKvStore, type KvStore } from "@studio/kv";
import { createWiredJobQueue } from "@studio/jobs";
import { DEFAULT_LLM_MODEL } from "@studio/config";
import type { DomainPorts, ObjectStorage } from "@studio/domain";
import { createWhatsAppCloudChat } from "@studio/providers/chat";
import { createPostmarkMailer } from "@studio/providers/mail";
import { createLanguageModel } from "@studio/providers/model";
import { LocalObjectStorage } from "@studio/providers/storage/local-object-storage";
import type { S3ObjectStorage } from "@studio/providers/storage/s3-object-storage";
import { createWebPageReader } from "@studio/providers/web-pages";
import type { AppConfig } from "./config";
import type { AppDeps } from "./context";
import { createLogger, type Logger } from "./logger";

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else the embedded PGlite under
 * ./.data), applies migrations, opens the key-value store (Redis or in-process) and the job
 * queue. The embedded default also runs the worker in this process: main.ts starts it
 * (`jobs.work()`) once the server listens.
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
  const kv = createKvStore({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger });
  await checkRedisEviction(kv, config, logger);
  const now = () => new Date();
  const { model, webPages } = modelDeps(config);
  const jobs = createWiredJobQueue(database, {
    logger,
    now,
    model,
    waitlistForwardUrl: config.waitlistForwardUrl,
    pushApiUrl: config.pushApiUrl,
    webhookAllowLoopback: config.webhookAllowLoopback,
    sessionSigningSecret: config.sessionSigningSecret,
    ports: {
      ...(config.chat && { chat: createWhatsAppCloudChat(config.chat) }),
      ...(config.mail && { mailer: createPostmarkMailer(config.mail) }),
    },
  });
  await jobs.start();
  const storage = await createObjectStorage(config);
  logger.info("media storage", {
    storage: config.s3 ? "s3" : storage ? "local" : "not configured",
  });
  return {
    config,
    database,
    kv,
    jobs,
    logger,
    now,
    model,
    webPages,
    storage,
    senders: codeSenders(config),
    async close() {
      if (config.s3) (storage as S3ObjectStorage).close();
      await jobs.stop();
      await kv.close();
      await database.close();
    },
  };
}

/**
 * Media storage: S3 (or compatible) when S3_BUCKET is set; else, in the embedded default (or
 * with MEDIA_DIR), a local directory the API serves at /media; else none (media routes answer
 * INTERNAL object storage not configured). The AWS SDK is loaded only when S3 is configured
 * (about 0.1 s of every other process's start, issue 16).
 */
export async function createObjectStorage(config: AppConfig): Promise<ObjectStorage | null> {
  if (config.s3) {
    const { S3ObjectStorage } = await import("@studio/providers/storage/s3-object-storage");
    return new S3ObjectStorage(config.s3);
  }
  if (config.localMedia) return new LocalObjectStorage(config.localMedia);
  return null;
}

/**
 * The API's own chat and mail clients (WHATSAPP_*, MAIL_*), for signup verification codes only:
 * document 3 answers 503 when the sender refuses, so those are sent in the request, each under
 * ONBOARDING_SEND_TIMEOUT_MS (the fetch is aborted past it). Unset provider: no sender.
 */
export function codeSenders(config: AppConfig): Partial<DomainPorts> {
  const options = { timeoutMs: config.onboardingSendTimeoutMs };
  return {
    ...(config.chat && { chat: createWhatsAppCloudChat(config.chat, options) }),
    ...(config.mail && { mailer: createPostmarkMailer(config.mail, options) }),
  };
}

/** The model when LLM_BASE_URL is set (LLM_MODEL, default gpt-4o-mini: @studio/config's, shared with the worker). */
export { DEFAULT_LLM_MODEL };

/**
 * The language model (null without LLM_BASE_URL) and the link reader (outbound target checks;
 * loopback only under WEBHOOK_ALLOW_LOOPBACK, which production refuses; RECIPE_READER_URL as
 * second reader).
 */
export function modelDeps(config: AppConfig): Pick<AppDeps, "model" | "webPages"> {
  return {
    model: config.llm
      ? createLanguageModel({
          baseUrl: config.llm.baseUrl,
          apiKey: config.llm.apiKey,
          model: config.llm.model ?? DEFAULT_LLM_MODEL,
        })
      : null,
    webPages: createWebPageReader({
      allowLoopback: config.webhookAllowLoopback,
      readerUrl: config.recipeReader?.url,
      readerApiKey: config.recipeReader?.apiKey,
    }),
  };
}

/**
 * At start: a Redis that may evict keys before their ttl (docs/DEPLOYMENT.md "Redis") is refused in
 * production (the process exits) and logged as a warning elsewhere. A Redis out of reach at start
 * is not checked (requests answer 503 until it is back; the warning says the check was skipped).
 */
export async function checkRedisEviction(
  kv: KvStore,
  config: Pick<AppConfig, "isProduction">,
  logger: Pick<Logger, "warn">,
): Promise<void> {
  if (!(kv instanceof RedisKvStore)) return;
  let problem: string | undefined;
  try {
    problem = evictionProblem(await kv.memorySettings());
  } catch (error) {
    logger.warn("redis eviction policy not checked", {
      detail: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  if (!problem) return;
  if (config.isProduction) {
    await kv.close();
    throw new Error(`refusing to start in production: ${problem}`);
  }
  logger.warn(problem);
}
