import { setTimeout as sleep } from "node:timers/promises";
import type PgBoss from "pg-boss";
import type { TrackedBossDb } from "./boss-db";
import type { AnyJobDefinition, JobRegistry } from "./job-registry";
import type { RunJob } from "./job-runner";

/** Refuses a concurrency override for an unknown job or below 1. */
export function checkConcurrency(
  registry: JobRegistry,
  concurrency: Readonly<Record<string, number>> | undefined,
): void {
  for (const [name, n] of Object.entries(concurrency ?? {})) {
    if (!registry.get(name)) throw new Error(`concurrency for unknown job "${name}"`);
    if (!Number.isInteger(n) || n < 1) throw new Error(`job "${name}": concurrency must be an integer >= 1`);
  }
}

/**
 * Starts the pollers: per job, its concurrency (the override, else the definition's, else 1)
 * slots fetching one attempt at a time. Each running attempt is in `running` until it settles,
 * its job id in `held` (the liveness beat lists them).
 */
export async function startPollers(
  boss: PgBoss,
  registry: JobRegistry,
  runJob: RunJob,
  running: Set<Promise<unknown>>,
  held: Set<string>,
  options: { pollingIntervalSeconds?: number; concurrency?: Readonly<Record<string, number>> },
): Promise<void> {
  const concurrencyOf = (job: AnyJobDefinition) => options.concurrency?.[job.name] ?? job.concurrency ?? 1;
  const workOptions = {
    batchSize: 1,
    includeMetadata: true as const,
    ...(options.pollingIntervalSeconds !== undefined && {
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    }),
  };
  for (const job of registry.list()) {
    for (let i = 0; i < concurrencyOf(job); i++) {
      // Set once work() answers; a job fetched before that just waits one interval.
      const slot: { workerId?: string } = {};
      slot.workerId = await boss.work<object>(job.name, workOptions, async (deliveries) => {
        for (const delivery of deliveries) {
          held.add(delivery.id);
          const run = runJob(job, delivery);
          running.add(run);
          try {
            await run;
          } finally {
            running.delete(run);
            held.delete(delivery.id);
          }
        }
        // pg-boss waits out the polling interval after every fetch, even one that found a job,
        // capping a slot at one job per interval: a slot that ran a job looks again at once
        // (only an empty fetch waits).
        if (deliveries.length > 0 && slot.workerId !== undefined) boss.notifyWorker(slot.workerId);
      });
    }
  }
}

/**
 * pg-boss's stop() does not await a poll already in flight, nor the complete()/fail() it issues after a
 * handler. Wait until neither a handler nor a statement has been running for a short while, so the
 * caller can close the database right after stop().
 */
export async function quiesce(
  bossDb: TrackedBossDb,
  running: Set<Promise<unknown>>,
  deadline: number,
): Promise<void> {
  let quietRounds = 0;
  while (quietRounds < 2 && Date.now() < deadline) {
    if (running.size === 0 && bossDb.inflight === 0) {
      quietRounds++;
    } else {
      quietRounds = 0;
      // Bounded by the deadline: a handler stuck on a slow provider must not hold the stop.
      await Promise.race([Promise.allSettled([...running, bossDb.settled()]), sleep(deadline - Date.now())]);
    }
    await sleep(25);
  }
}
