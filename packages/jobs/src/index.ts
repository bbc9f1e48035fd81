// The job queue (pg-boss on the project's PostgreSQL / PGlite), its transactional enqueue and the
// job definitions. Used by apps/api and apps/worker; the provider clients the handlers call live
// in @studio/providers.
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
export { createWiredJobQueue } from "./wired-queue";
export { JOB_WORKERS_DDL, LIVENESS_DEFAULTS, returnOrphanedJobs, type LivenessOptions } from "./job-liveness";
export { isTransientSetupError, retryTransient, SETUP_LOCK_KEY, underSetupLock } from "./queue-setup";
