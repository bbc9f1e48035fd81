// The job queue (pg-boss on the project's PostgreSQL / PGlite), its transactional enqueue, the
// job definitions and the provider clients their handlers call. Used by apps/api and apps/worker.
export {
  createJobQueue,
  DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  type EnqueueOptions,
  type JobQueue,
  type JobQueueOptions,
} from "./queue";
export {
  createJobRegistry,
  defaultWorkerId,
  defineJob,
  JobDeferral,
  type AnyJobDefinition,
  type JobContext,
  type JobDefinition,
  type JobName,
  type JobPayload,
  type JobQueuePolicy,
  type JobRegistry,
  type WorkerDeps,
  type WorkerServices,
} from "./job-registry";
export { jobScopeFor, platformJobScopeFor } from "./job-scope";
export { JOB_SLOTS_DDL, releaseSlot, takeSlot } from "./job-slots";
export * from "./jobs/index";
export {
  createExpoPushClient,
  DEFAULT_PUSH_API_URL,
  PushProviderError,
  type ExpoPushClientOptions,
} from "./providers/expo-push-client";
export { loggingPorts } from "./providers/logging-ports";
export {
  ChatProviderError,
  createWhatsAppCloudChat,
  DEFAULT_WHATSAPP_API_URL,
  whatsAppConfigFromEnv,
  type WhatsAppCloudConfig,
} from "./providers/whatsapp-cloud-chat";
export {
  createPostmarkMailer,
  DEFAULT_MAIL_API_URL,
  mailConfigFromEnv,
  MailProviderError,
  type PostmarkMailConfig,
} from "./providers/postmark-mailer";
export { createWiredJobQueue } from "./wired-queue";
