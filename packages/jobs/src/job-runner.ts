import type { DatabaseHandle } from "@studio/db";
import type PgBoss from "pg-boss";
import { preparedExecutorFor } from "./boss-db";
import { type AnyJobDefinition, type JobContext, JobDeferral, type WorkerDeps } from "./job-registry";

/** A job a request caused carries the request's id in its payload; its log lines carry it too. */
function requestIdOf(data: unknown): { requestId?: string } {
  const requestId = (data as { requestId?: unknown } | null)?.requestId;
  return typeof requestId === "string" ? { requestId } : {};
}

/**
 * Hands an active attempt back as if it had not been fetched (pg-boss 10 has no such call):
 * fetch adds 1 to retry_count when started_on is set, so a first attempt gets started_on back
 * to null and a retry gets retry_count - 1. pg-boss's complete() that follows the handler only
 * touches active jobs and leaves it alone. Priority -1: fresh jobs (0) are fetched first.
 */
async function handBack(
  database: DatabaseHandle,
  schema: string,
  name: string,
  id: string,
  seconds: number,
): Promise<boolean> {
  const { rows } = await preparedExecutorFor(database).executeSql(
    `update ${schema}.job set
       state = (case when retry_count = 0 then 'created' else 'retry' end)::${schema}.job_state,
       started_on = case when retry_count = 0 then null else started_on end,
       retry_count = greatest(retry_count - 1, 0),
       start_after = now() + $3::float8 * interval '1 second',
       priority = -1
     where name = $1 and id = $2::uuid and state = 'active'
     returning id`,
    [name, id, seconds],
  );
  return rows.length === 1;
}

/** "handed-back": the attempt was deferred (JobDeferral) and is no longer active; nothing to complete. */
export type RunJob = (
  job: AnyJobDefinition,
  delivery: PgBoss.JobWithMetadata<object>,
  concurrency?: number,
) => Promise<"done" | "handed-back">;

/**
 * Runs one fetched attempt: validates the payload and calls the handler. A JobDeferral hands the
 * attempt back for later; any other error is logged (warn while retries are left, error on the
 * last) and rethrown, so pg-boss records it and reschedules per the retry policy.
 */
export function createJobRunner(database: DatabaseHandle, schema: string, handlerDeps: WorkerDeps): RunJob {
  const logger = handlerDeps.logger;
  return async (job, delivery, concurrency) => {
    const context: JobContext = { id: delivery.id, name: job.name, retryCount: delivery.retryCount };
    // Not enumerable: copies of the context (and what tests record of it) stay as they were.
    if (concurrency !== undefined) Object.defineProperty(context, "concurrency", { value: concurrency });
    const fields = {
      job: job.name,
      jobId: delivery.id,
      ...requestIdOf(delivery.data),
      attempt: delivery.retryCount + 1,
      maxAttempts: delivery.retryLimit + 1,
    };
    try {
      const parsed = job.payload.safeParse(delivery.data);
      if (!parsed.success) throw new Error(`invalid payload: ${parsed.error.message}`);
      await job.handler(parsed.data, handlerDeps, context);
      return "done";
    } catch (err) {
      if (err instanceof JobDeferral) {
        const handed = await handBack(database, schema, job.name, delivery.id, Math.max(0.5, err.seconds));
        logger.debug(handed ? "job deferred" : "job to defer was no longer active", {
          ...fields,
          reason: err.reason,
          seconds: err.seconds,
        });
        return "handed-back";
      }
      const final = delivery.retryCount >= delivery.retryLimit;
      const error = err instanceof Error ? err.message : String(err);
      if (final)
        logger.error("job failed, no retries left", {
          ...fields,
          error,
          stack: err instanceof Error ? err.stack : undefined,
        });
      else logger.warn("job failed, will retry", { ...fields, error });
      // Rethrown: pg-boss records the error on the job and reschedules it per the retry policy.
      throw err;
    }
  };
}
