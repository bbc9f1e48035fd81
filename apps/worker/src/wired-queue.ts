import type { DatabaseHandle } from "@studio/db";
import { createExpoPushClient, DEFAULT_PUSH_API_URL } from "@studio/domain";
import type { WorkerLogger, WorkerServices } from "./job-registry";
import { createJobQueue, type JobQueue, type JobQueueOptions } from "./queue";

/**
 * The job queue as the API and the worker process run it: the built-in jobs with their
 * services wired (the push provider client, and the queue itself for jobs that enqueue).
 */
export function createWiredJobQueue(
  database: DatabaseHandle,
  options: {
    logger: WorkerLogger;
    now: () => Date;
    pushApiUrl?: string;
    workerId?: string;
    queue?: JobQueueOptions;
  },
): JobQueue {
  const services: WorkerServices = {
    push: createExpoPushClient({ url: options.pushApiUrl ?? DEFAULT_PUSH_API_URL }),
  };
  const queue = createJobQueue(
    database,
    { database, logger: options.logger, now: options.now, workerId: options.workerId, services },
    options.queue,
  );
  services.jobs = queue;
  return queue;
}
