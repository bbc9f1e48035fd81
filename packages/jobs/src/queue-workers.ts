import { setTimeout as sleep } from "node:timers/promises";
import type PgBoss from "pg-boss";
import type { TrackedBossDb } from "./boss-db";
import type { AnyJobDefinition, JobRegistry } from "./job-registry";
import type { RunJob } from "./job-runner";
import { createBatcher } from "./batcher";

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

/** Most attempts one fetch takes (one statement); a queue's free slots are filled in batches. */
export const FETCH_BATCH = 50;

export interface Pollers {
  /**
   * Stops fetching, waits until every running attempt settled or `deadline` passed, then fails
   * the attempts still running back to the queue (retried per their policy, as pg-boss's own
   * stop does), and waits for the completions still being recorded.
   */
  stop(deadline: number): Promise<void>;
}

/** pg-boss's own handler limit (manager.js resolveWithinSeconds): past expireInSeconds the attempt fails. */
function withinSeconds<T>(promise: Promise<T>, seconds: number): Promise<T> {
  if (!(seconds > 0)) return promise;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`handler execution exceeded ${seconds * 1000}ms`)),
      seconds * 1000,
    );
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Starts one fetch loop per job (issue 30 item 6; pg-boss's work() ran one attempt per poller,
 * each a fetch and a complete of its own): the job's concurrency (the override, else the
 * definition's, else 1) is how many attempts run at once; the loop fetches as many as are free
 * (at most FETCH_BATCH per statement), runs each at once, and records the completions of the
 * attempts that ended in the same turn with one statement. A full queue is fetched again as soon
 * as a slot frees; only an empty fetch waits the polling interval. Each running attempt is in
 * `running` until its outcome is recorded, its job id in `held` (the liveness beat lists them).
 */
export function startPollers(
  boss: PgBoss,
  registry: JobRegistry,
  runJob: RunJob,
  running: Set<Promise<unknown>>,
  held: Set<string>,
  options: {
    pollingIntervalSeconds?: number;
    concurrency?: Readonly<Record<string, number>>;
    onError?: (err: unknown, queue: string) => void;
  },
): Pollers {
  const concurrencyOf = (job: AnyJobDefinition) => options.concurrency?.[job.name] ?? job.concurrency ?? 1;
  const intervalMs = Math.max(0.5, options.pollingIntervalSeconds ?? 2) * 1000;
  let stopping = false;
  const loops: { done: Promise<void>; wake: () => void; active: Map<string, AnyJobDefinition> }[] = [];

  for (const job of registry.list()) {
    const capacity = concurrencyOf(job);
    const active = new Map<string, AnyJobDefinition>();
    let wakeUp: (() => void) | undefined;
    let waitingForSlot = false;
    /** Waits `ms`, or until wake() (a slot freed while the loop waited for one, or stop). */
    const pause = (ms: number, wakeOnFree: boolean) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wakeUp = undefined;
          waitingForSlot = false;
          resolve();
        }, ms);
        wakeUp = () => {
          clearTimeout(timer);
          wakeUp = undefined;
          waitingForSlot = false;
          resolve();
        };
        waitingForSlot = wakeOnFree;
      });
    const wake = () => wakeUp?.();
    const completions = createBatcher<string, void>(async (ids) => {
      await boss.complete(job.name, ids);
      return ids.map(() => undefined);
    });

    const start = (delivery: PgBoss.JobWithMetadata<object>) => {
      active.set(delivery.id, job);
      held.add(delivery.id);
      const run = (async () => {
        try {
          const outcome = await withinSeconds(runJob(job, delivery, capacity), delivery.expireInSeconds);
          if (outcome === "done") await completions.add(delivery.id);
        } catch (err) {
          // Recorded on the job and rescheduled per the retry policy (pg-boss's fail()).
          await boss.fail(job.name, delivery.id, err as object).catch(() => {});
        }
      })().finally(() => {
        running.delete(run);
        active.delete(delivery.id);
        held.delete(delivery.id);
        if (waitingForSlot) wake();
      });
      running.add(run);
    };

    const loop = async () => {
      while (!stopping) {
        const free = capacity - active.size;
        if (free <= 0) {
          await pause(intervalMs, true);
          continue;
        }
        const wanted = Math.min(free, FETCH_BATCH);
        let fetched: PgBoss.JobWithMetadata<object>[] = [];
        try {
          fetched = await boss.fetch<object>(job.name, { batchSize: wanted, includeMetadata: true });
        } catch (err) {
          options.onError?.(err, job.name);
        }
        for (const delivery of fetched ?? []) start(delivery);
        // Fewer than asked: the queue is drained for now; look again after the interval.
        if ((fetched?.length ?? 0) < wanted && !stopping) await pause(intervalMs, false);
        // Ended attempts free slots in bursts: let the ones of this turn join the next fetch.
        else await new Promise((resolve) => setImmediate(resolve));
      }
    };
    loops.push({ done: loop(), wake, active });
  }

  return {
    async stop(deadline) {
      stopping = true;
      for (const l of loops) l.wake();
      await Promise.all(loops.map((l) => l.done));
      while (running.size > 0 && Date.now() < deadline) {
        await Promise.race([Promise.allSettled([...running]), sleep(Math.max(0, deadline - Date.now()))]);
      }
      for (const l of loops) {
        for (const [id, job] of l.active)
          await boss
            .fail(job.name, id, { message: "the worker shut down while the attempt was running" })
            .catch(() => {});
      }
    },
  };
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
