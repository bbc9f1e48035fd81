export { createJobQueue, type EnqueueOptions, type JobQueue, type JobQueueOptions } from "./queue";
export {
  createJobRegistry,
  defaultWorkerId,
  defineJob,
  type AnyJobDefinition,
  type JobContext,
  type JobDefinition,
  type JobName,
  type JobPayload,
  type JobQueuePolicy,
  type JobRegistry,
  type WorkerDeps,
  type WorkerLogger,
  type WorkerServices,
} from "./job-registry";
export { builtInJobs, recordHeartbeat, WORKER_HEARTBEATS_DDL, type BuiltInJob } from "./jobs/index";
export { createJsonLogger } from "./logger";
export { createWiredJobQueue } from "./wired-queue";
