import type { DatabaseHandle } from "@studio/db";
import type PgBoss from "pg-boss";
import { bossDbFor } from "./boss-db";
import type { AnyJobDefinition } from "./job-registry";
import { retryOptions } from "./queue-boss";
import type { EnqueueOptions } from "./queue";

/** Validates the payload and sends one job, in the caller's transaction when `tx` is given. */
export function sendJob(
  boss: PgBoss,
  database: DatabaseHandle,
  job: AnyJobDefinition,
  payload: unknown,
  options: EnqueueOptions,
): Promise<string | null> {
  const data = job.payload.parse(payload);
  const { tx, startAfter, singletonKey } = options;
  return boss.send(job.name, data, {
    ...retryOptions(job),
    ...(startAfter !== undefined && { startAfter }),
    ...(singletonKey !== undefined && { singletonKey }),
    // Same connection and transaction as the caller's business write.
    ...(tx && { db: bossDbFor(database.executorFor(tx)) }),
  });
}

/** Validates every payload and inserts the jobs of one queue in one statement. */
export async function insertJobs(
  boss: PgBoss,
  database: DatabaseHandle,
  job: AnyJobDefinition,
  payloads: readonly unknown[],
  options: Pick<EnqueueOptions, "tx">,
): Promise<void> {
  if (payloads.length === 0) return;
  const { retryLimit, retryDelay, retryBackoff, ...rest } = retryOptions(job);
  const jobs = payloads.map((payload) => ({
    name: job.name,
    data: job.payload.parse(payload),
    retryLimit,
    retryDelay,
    retryBackoff,
    ...rest,
  }));
  const { tx } = options;
  await boss.insert(jobs, tx ? { db: bossDbFor(database.executorFor(tx)) } : {});
}
