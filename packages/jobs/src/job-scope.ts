import type { JobEnqueuer, JobScope, PlatformJobScope } from "@studio/domain";
import type { JobContext, WorkerDeps } from "./job-registry";

const queueMissing: JobEnqueuer = {
  async enqueue(name) {
    // Thrown inside the caller's transaction: nothing is recorded, the job is retried.
    throw new Error(
      `the job queue is not in the worker's services (services.jobs); cannot enqueue "${name}"`,
    );
  },
};

/**
 * The scope a job acts in for one studio: the job as actor, its id as request id (or the id of the
 * request that enqueued it), one clock reading per attempt, a logger bound to the job, and the
 * queue for jobs it causes in turn.
 */
export function jobScopeFor(
  deps: WorkerDeps,
  job: JobContext,
  studioId: string,
  requestId?: string,
): JobScope {
  return {
    studioId,
    actor: { kind: "job", job: job.name },
    requestId: requestId ?? job.id,
    now: deps.now(),
    logger: deps.logger.child({ job: job.name, jobId: job.id, ...(requestId && { requestId }) }),
    jobs: deps.services?.jobs ?? queueMissing,
  };
}

/** A job acting across studios (schedulers): the same scope without a studio. */
export function platformJobScopeFor(deps: WorkerDeps, job: JobContext): PlatformJobScope {
  const { studioId: _studioId, ...scope } = jobScopeFor(deps, job, "");
  return scope;
}
