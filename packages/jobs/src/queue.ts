import { setTimeout as sleep } from "node:timers/promises";
import type { DatabaseHandle, DbOrTx } from "@studio/db";
import PgBoss from "pg-boss";
import { bossDbFor, execScriptFor, guardCompletions, trackBossDb, type TrackedBossDb } from "./boss-db";
import {
  createJobRegistry,
  defaultWorkerId,
  type AnyJobDefinition,
  type JobContext,
  type JobName,
  JobDeferral,
  type JobPayload,
  type WorkerDeps,
} from "./job-registry";
import { builtInJobs, type BuiltInJob } from "./jobs/index";

export interface EnqueueOptions {
  /** An open Drizzle transaction: the job row is inserted in it and exists only if it commits. */
  tx?: DbOrTx;
  /** Not before this time; a number is seconds from now. */
  startAfter?: Date | number;
  /** De-duplication key (effective with the job's policy "short", "singleton" or "stately"). */
  singletonKey?: string;
}

export interface JobQueue<TJob extends AnyJobDefinition = BuiltInJob> {
  /** Installs/migrates the pg-boss schema, creates one queue per registered job, runs jobs' setupSql. */
  start(): Promise<void>;
  /** Validates the payload and inserts the job; resolves to its id (null when de-duplicated away). */
  enqueue<TName extends JobName<TJob>>(
    name: TName,
    payload: JobPayload<TJob, TName>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /**
   * Validates every payload and inserts the jobs of one queue in one statement (pg-boss
   * insert), in the caller's transaction when `tx` is given. No startAfter or singletonKey.
   */
  enqueueMany<TName extends JobName<TJob>>(
    name: TName,
    payloads: readonly JobPayload<TJob, TName>[],
    options?: { tx?: DbOrTx },
  ): Promise<void>;
  /** Starts polling every registered queue and (re)writes the cron schedules of repeating jobs. */
  work(): Promise<void>;
  /** Stops polling, waits for running handlers (up to shutdownTimeoutMs), leaves the database open. */
  stop(): Promise<void>;
}

export interface JobQueueOptions<TJobs extends readonly AnyJobDefinition[] = readonly AnyJobDefinition[]> {
  /** Postgres schema of pg-boss's tables (default "pgboss"). */
  schema?: string;
  /** How often an idle worker polls its queue (default 2, minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Job definitions (default: the built-in jobs of src/jobs). */
  jobs?: TJobs;
  /** How long stop() waits for running handlers before failing them back to the queue (default 30 s). */
  shutdownTimeoutMs?: number;
  /** pg-boss timers; the defaults suit production, tests shorten them. */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  /**
   * How often pg-boss maintenance runs (default DEFAULT_MAINTENANCE_INTERVAL_SECONDS): it fails an
   * attempt whose worker died back to the queue once the attempt outlived its expireInSeconds.
   * Shared through the database: whichever process has the shortest interval drives it.
   */
  maintenanceIntervalSeconds?: number;
  /** Pollers per queue in this process, overriding a definition's `concurrency` (by job name). */
  concurrency?: Readonly<Record<string, number>>;
}

/**
 * pg-boss's own default is 120 s; with 30 s a killed worker's job is back in the queue at most
 * about 30 s (plus a poll) after its expiry (docs/DEPLOYMENT.md "Failure behaviour").
 */
export const DEFAULT_MAINTENANCE_INTERVAL_SECONDS = 30;

type State = "created" | "starting" | "started" | "stopping" | "stopped";

export function createJobQueue<const TJobs extends readonly AnyJobDefinition[] = typeof builtInJobs>(
  database: DatabaseHandle,
  deps: WorkerDeps,
  options: JobQueueOptions<TJobs> = {},
): JobQueue<TJobs[number]> {
  const registry = createJobRegistry((options.jobs ?? builtInJobs) as TJobs);
  const schema = options.schema ?? "pgboss";
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 30_000;
  const logger = deps.logger;
  const handlerDeps: WorkerDeps = { ...deps, workerId: deps.workerId ?? defaultWorkerId() };

  const execScript = execScriptFor(database);
  const bossDb: TrackedBossDb = trackBossDb(
    guardCompletions(bossDbFor(database.executor, execScript), (err) =>
      logger.error("could not record a job's outcome; it is retried once it expires", {
        error: err instanceof Error ? err.message : String(err),
      }),
    ),
  );
  const boss = new PgBoss({
    db: bossDb,
    schema,
    ...(options.pollingIntervalSeconds !== undefined && {
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    }),
    ...(options.cronMonitorIntervalSeconds !== undefined && {
      cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
    }),
    ...(options.cronWorkerIntervalSeconds !== undefined && {
      cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds,
    }),
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  });
  // An EventEmitter "error" without a listener would throw and take the process down.
  boss.on("error", (err: Error & { queue?: string }) => {
    logger.error("job queue error", { error: err.message, queue: err.queue });
  });

  let state: State = "created";
  let starting: Promise<void> | undefined;
  let working = false;
  const running = new Set<Promise<unknown>>();

  const retryOptions = (job: AnyJobDefinition) => ({
    retryLimit: job.retryLimit,
    retryDelay: job.retryDelaySec,
    retryBackoff: job.retryBackoff,
    ...(job.expireInSeconds !== undefined && { expireInSeconds: job.expireInSeconds }),
  });

  const definitionOf = (name: string) => {
    const job = registry.get(name);
    if (!job) throw new Error(`unknown job "${name}"`);
    return job;
  };

  /** `create table if not exists` can still collide when two processes start at once; the loser's table exists. */
  async function runSetupSql(statement: string): Promise<void> {
    try {
      await database.executor.executeSql(statement);
    } catch (err) {
      if (!/already exists|duplicate key/i.test(err instanceof Error ? err.message : String(err))) throw err;
    }
  }

  for (const [name, n] of Object.entries(options.concurrency ?? {})) {
    if (!registry.get(name)) throw new Error(`concurrency for unknown job "${name}"`);
    if (!Number.isInteger(n) || n < 1) throw new Error(`job "${name}": concurrency must be an integer >= 1`);
  }
  const concurrencyOf = (job: AnyJobDefinition) => options.concurrency?.[job.name] ?? job.concurrency ?? 1;

  /**
   * Hands an active attempt back as if it had not been fetched (pg-boss 10 has no such call):
   * fetch adds 1 to retry_count when started_on is set, so a first attempt gets started_on back
   * to null and a retry gets retry_count - 1. pg-boss's complete() that follows the handler only
   * touches active jobs and leaves it alone. Priority -1: fresh jobs (0) are fetched first.
   */
  async function handBack(name: string, id: string, seconds: number): Promise<boolean> {
    const { rows } = await database.executor.executeSql(
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

  async function runJob(job: AnyJobDefinition, delivery: PgBoss.JobWithMetadata<object>): Promise<void> {
    const context: JobContext = { id: delivery.id, name: job.name, retryCount: delivery.retryCount };
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
    } catch (err) {
      if (err instanceof JobDeferral) {
        const handed = await handBack(job.name, delivery.id, Math.max(0.5, err.seconds));
        logger.debug(handed ? "job deferred" : "job to defer was no longer active", {
          ...fields,
          reason: err.reason,
          seconds: err.seconds,
        });
        return;
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
  }

  return {
    async start() {
      if (state !== "created") throw new Error(`job queue cannot start: it is ${state}`);
      state = "starting";
      starting = (async () => {
        try {
          await boss.start();
          for (const job of registry.list()) {
            const queueOptions = {
              name: job.name,
              policy: job.policy ?? "standard",
              ...retryOptions(job),
            } as const;
            await boss.createQueue(job.name, queueOptions);
            // createQueue keeps an existing queue as it was; bring its defaults in line with the definition.
            await boss.updateQueue(job.name, queueOptions);
            for (const statement of job.setupSql ?? []) await runSetupSql(statement);
          }
          state = "started";
        } catch (err) {
          await boss.stop({ graceful: false }).catch(() => {});
          bossDb.close();
          state = "stopped";
          throw err;
        }
      })();
      await starting;
    },

    async enqueue(name, payload, enqueueOptions = {}) {
      if (state !== "started") throw new Error(`job queue is ${state}; call start() before enqueue()`);
      const job = definitionOf(name);
      const data = job.payload.parse(payload);
      const { tx, startAfter, singletonKey } = enqueueOptions;
      return boss.send(job.name, data, {
        ...retryOptions(job),
        ...(startAfter !== undefined && { startAfter }),
        ...(singletonKey !== undefined && { singletonKey }),
        // Same connection and transaction as the caller's business write.
        ...(tx && { db: bossDbFor(database.executorFor(tx)) }),
      });
    },

    async enqueueMany(name, payloads, enqueueOptions = {}) {
      if (state !== "started") throw new Error(`job queue is ${state}; call start() before enqueue()`);
      const job = definitionOf(name);
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
      const { tx } = enqueueOptions;
      await boss.insert(jobs, tx ? { db: bossDbFor(database.executorFor(tx)) } : {});
    },

    async work() {
      if (state !== "started") throw new Error(`job queue is ${state}; call start() before work()`);
      if (working) return;
      working = true;
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
              const run = runJob(job, delivery);
              running.add(run);
              try {
                await run;
              } finally {
                running.delete(run);
              }
            }
            // pg-boss waits out the polling interval after every fetch, even one that found a job,
            // capping a slot at one job per interval: a slot that ran a job looks again at once
            // (only an empty fetch waits).
            if (deliveries.length > 0 && slot.workerId !== undefined) boss.notifyWorker(slot.workerId);
          });
        }
      }
      const scheduled = new Set((await boss.getSchedules()).map((s) => s.name));
      for (const job of registry.list()) {
        if (job.schedule) {
          const { cron, tz = "UTC", payload } = job.schedule;
          await boss.schedule(job.name, cron, job.payload.parse(payload), { tz, ...retryOptions(job) });
        } else if (scheduled.has(job.name)) {
          await boss.unschedule(job.name); // the definition stopped repeating
        }
      }
      logger.info("job worker started", {
        queues: registry.list().map((j) => j.name),
        workerId: handlerDeps.workerId,
      });
    },

    async stop() {
      if (state === "starting") await starting?.catch(() => {});
      if (state === "created") {
        state = "stopped";
        return;
      }
      if (state !== "started") return;
      state = "stopping";
      try {
        await boss.stop({ graceful: true, wait: true, timeout: shutdownTimeoutMs });
      } catch (err) {
        logger.error("job queue stop failed", { error: err instanceof Error ? err.message : String(err) });
      }
      await quiesce(bossDb, running, Date.now() + shutdownTimeoutMs);
      bossDb.close();
      state = "stopped";
      if (working) logger.info("job worker stopped", { workerId: handlerDeps.workerId });
    },
  };
}

/** A job a request caused carries the request's id in its payload; its log lines carry it too. */
function requestIdOf(data: unknown): { requestId?: string } {
  const requestId = (data as { requestId?: unknown } | null)?.requestId;
  return typeof requestId === "string" ? { requestId } : {};
}

/**
 * pg-boss's stop() does not await a poll already in flight, nor the complete()/fail() it issues after a
 * handler. Wait until neither a handler nor a statement has been running for a short while, so the
 * caller can close the database right after stop().
 */
async function quiesce(
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
