import type { DatabaseHandle, DbOrTx } from "@studio/db";
import {
  createJobRegistry,
  defaultWorkerId,
  type AnyJobDefinition,
  type JobName,
  type JobPayload,
  type WorkerDeps,
} from "./job-registry";
import { createJobRunner } from "./job-runner";
import { builtInJobs, type BuiltInJob } from "./jobs/index";
import { createBoss, setUpQueues, syncSchedules } from "./queue-boss";
import { insertJobs, sendJob } from "./queue-enqueue";
import { checkConcurrency, quiesce, startPollers, type Pollers } from "./queue-workers";
import { setUpLiveness, startLiveness, type Liveness, type LivenessOptions } from "./job-liveness";
import { retryTransient, underSetupLock } from "./queue-setup";

// The job queue: its interface and options, and createJobQueue, which keeps the lifecycle
// (created → starting → started → stopping → stopped) and delegates each step along its seams:
// queue-boss.ts (pg-boss instance, queues, schedules, retry options), queue-enqueue.ts (send,
// insert), job-runner.ts (one attempt: validate, handle, defer, log), queue-workers.ts (pollers,
// the quiet wait before the database may close).

export { DEFAULT_MAINTENANCE_INTERVAL_SECONDS } from "./queue-boss";

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
  /**
   * The beat that lets other workers return this one's attempts within seconds once its process
   * died (job-liveness.ts; default every 3 s, stale after 10 s).
   */
  liveness?: LivenessOptions;
}

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
  let { boss, bossDb } = createBoss(database, logger, schema, options);
  checkConcurrency(registry, options.concurrency);
  const runJob = createJobRunner(database, schema, handlerDeps);

  let state: State = "created";
  let starting: Promise<void> | undefined;
  let working = false;
  const running = new Set<Promise<unknown>>();
  /** Ids of the attempts this instance runs, listed by its liveness beat. */
  const held = new Set<string>();
  let liveness: Liveness | undefined;
  let pollers: Pollers | undefined;

  const definitionOf = (name: string) => {
    const job = registry.get(name);
    if (!job) throw new Error(`unknown job "${name}"`);
    return job;
  };

  return {
    async start() {
      if (state !== "created") throw new Error(`job queue cannot start: it is ${state}`);
      state = "starting";
      starting = (async () => {
        try {
          // One process at a time (an advisory lock shared with the migrations); a deadlock or
          // serialization failure starts over with a fresh pg-boss instance (queue-setup.ts).
          await retryTransient(
            () =>
              underSetupLock(database, async () => {
                await boss.start();
                await setUpQueues(boss, database, registry);
                await setUpLiveness(database);
              }),
            {
              onRetry: async (err, attempt) => {
                logger.warn("job queue setup hit a transient error; retrying", {
                  attempt,
                  error: err instanceof Error ? err.message : String(err),
                });
                await boss.stop({ graceful: false }).catch(() => {});
                bossDb.close();
                ({ boss, bossDb } = createBoss(database, logger, schema, options));
              },
            },
          );
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
      return sendJob(boss, database, definitionOf(name), payload, enqueueOptions);
    },

    async enqueueMany(name, payloads, enqueueOptions = {}) {
      if (state !== "started") throw new Error(`job queue is ${state}; call start() before enqueue()`);
      await insertJobs(boss, database, definitionOf(name), payloads, enqueueOptions);
    },

    async work() {
      if (state !== "started") throw new Error(`job queue is ${state}; call start() before work()`);
      if (working) return;
      working = true;
      liveness = startLiveness(database, schema, {
        ...options.liveness,
        workerId: handlerDeps.workerId!,
        logger,
        held: () => held,
      });
      pollers = startPollers(boss, registry, runJob, running, held, {
        ...options,
        onError: (err, queue) =>
          logger.error("job queue error", { error: err instanceof Error ? err.message : String(err), queue }),
      });
      await syncSchedules(boss, registry);
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
      const deadline = Date.now() + shutdownTimeoutMs;
      try {
        // Our fetch loops first: no new attempt, the running ones until the deadline, then back to the queue.
        await pollers?.stop(deadline);
        await boss.stop({ graceful: true, wait: true, timeout: Math.max(1_000, deadline - Date.now()) });
      } catch (err) {
        logger.error("job queue stop failed", { error: err instanceof Error ? err.message : String(err) });
      }
      await quiesce(bossDb, running, Math.max(deadline, Date.now() + 1_000));
      // Beats went on through the drain: no other worker took this one's attempts meanwhile.
      await liveness?.stop();
      bossDb.close();
      state = "stopped";
      if (working) logger.info("job worker stopped", { workerId: handlerDeps.workerId });
    },
  };
}
