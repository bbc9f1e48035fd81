import type { DbOrTx } from "@studio/db";
import type { JobEnqueuer } from "./scope";

/**
 * Enqueues many jobs of one name in the caller's transaction: one statement when the queue
 * offers `enqueueMany` (the pg-boss queue does), else one enqueue per job.
 */
export async function enqueueJobs(
  jobs: JobEnqueuer,
  name: string,
  payloads: readonly object[],
  options: { tx: DbOrTx },
): Promise<void> {
  if (payloads.length === 0) return;
  if (jobs.enqueueMany) {
    await jobs.enqueueMany(name, payloads, options);
    return;
  }
  for (const payload of payloads) await jobs.enqueue(name, payload, options);
}
