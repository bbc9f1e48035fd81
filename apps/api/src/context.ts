import type { WebRole } from "@studio/contracts";
import type { DatabaseHandle } from "@studio/db";
import type { KvStore } from "@studio/kv";
import type { AppConfig } from "./config";
import type { Logger } from "@studio/observability";
import type { JobQueue } from "@studio/jobs";
import type { DomainPorts, LanguageModel, WebPageReader } from "@studio/domain";
import type { ObjectStorage } from "@studio/domain";
import type { ProcessCaches } from "./caches/process-caches";

/** Long-lived services a request can reach. Built once in main.ts (or by a test). */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  kv: KvStore;
  /** The transactional job queue; mail, chat and push leave through it (their ports are its services). */
  jobs: JobQueue;
  logger: Logger;
  now: () => Date;
  /**
   * The chat and mail providers the API calls itself, under ONBOARDING_SEND_TIMEOUT_MS: only
   * signup verification codes, whose answer is the send's verdict (document 3). Everything else
   * leaves through the job queue. Absent: that channel answers 503 (unless OTP_DEV_MODE).
   */
  senders?: Partial<DomainPorts>;
  /** The language model (LLM_*); null or absent: model features answer SERVICE_UNAVAILABLE. */
  model?: LanguageModel | null;
  /** Reads links under the outbound target checks (and RECIPE_READER_URL as second reader). */
  webPages?: WebPageReader | null;
  /** Media object storage (S3_*, or the embedded default's local store); null or absent: not configured. */
  storage?: ObjectStorage | null;
  /**
   * This process's caches reached from procedures (the app-lock verdicts); createApp creates
   * them when absent. Deps are built once per process, so two processes (or two replica apps
   * in one test process, each with its own deps) never share them.
   */
  caches?: ProcessCaches;
}

/** Who the lane guard proved the caller to be; every domain call is scoped by its studioId. */
export type LaneAuth =
  | { lane: "web"; studioId: string; organizationId: string; userId: string; role: WebRole }
  | { lane: "internal"; serviceId: string }
  | { lane: "trainee"; studioId: string; clientId: string; preview: boolean; timezone?: string }
  | {
      lane: "partner" | "automation";
      studioId: string;
      studioName: string;
      apiKeyId: string;
      /** Set by the model-tool endpoint (/v1/automation/mcp) for the calls it makes on the key's behalf. */
      via?: "model_tool";
    }
  | { lane: "webhook" }
  /** The payments provider's delivery, its Standard Webhooks signature proved (webhook-id). */
  | { lane: "payments"; webhookId: string }
  | { lane: "public"; signedByService?: boolean; clientIp?: string }
  | { lane: "bearer"; studioId: string; organizationId: string; userId: string; role: WebRole };

export interface RequestContext {
  requestId: string;
  /** deps.database.db, the handle every domain call takes first. */
  db: DatabaseHandle["db"];
  deps: AppDeps;
  auth: LaneAuth;
}
