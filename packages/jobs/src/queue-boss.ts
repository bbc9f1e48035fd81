import type { DatabaseHandle } from "@studio/db";
import type { Logger } from "@studio/observability";
import PgBoss from "pg-boss";
import {
  bossDbFor,
  execScriptFor,
  guardCompletions,
  preparedExecutorFor,
  trackBossDb,
  yieldingBossDb,
  type TrackedBossDb,
} from "./boss-db";
import type { AnyJobDefinition, JobRegistry } from "./job-registry";

// The queue's pg-boss side: the instance on the project's database, the queues and schedules
// the job definitions ask for, and the retry options every send carries.

/**
 * pg-boss's own default is 120 s; with 30 s a killed worker's job is back in the queue at most
 * about 30 s (plus a poll) after its expiry (docs/DEPLOYMENT.md "Failure behaviour").
 */
export const DEFAULT_MAINTENANCE_INTERVAL_SECONDS = 30;

/**
 * pg-boss checks its cron schedules every 30 s and polls the queue that turns a due schedule
 * into a job every 5 s: the every-minute scheduler tick ran up to ~50 s after its minute (a
 * reminder set for 08:00 went out at 08:00:50). Every 10 s and 2 s: within ~15 s, for one
 * cheap UPDATE per worker every 10 s (issue 30, item 9: the real-clock test waits less too).
 */
export const DEFAULT_CRON_MONITOR_INTERVAL_SECONDS = 10;
export const DEFAULT_CRON_WORKER_INTERVAL_SECONDS = 2;

export interface BossTimers {
  pollingIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
}

/**
 * pg-boss on the project's database (PostgreSQL or PGlite), its statements tracked so stop()
 * can wait for them; a completion that cannot be recorded is logged (the job is retried once it
 * expires), and a queue error is logged instead of taking the process down.
 */
export function createBoss(
  database: DatabaseHandle,
  logger: Logger,
  schema: string,
  timers: BossTimers,
): { boss: PgBoss; bossDb: TrackedBossDb } {
  const execScript = execScriptFor(database);
  const executorDb = bossDbFor(preparedExecutorFor(database), execScript);
  const bossDb: TrackedBossDb = trackBossDb(
    guardCompletions(database.kind === "pglite" ? yieldingBossDb(executorDb) : executorDb, (err) =>
      logger.error("could not record a job's outcome; it is retried once it expires", {
        error: err instanceof Error ? err.message : String(err),
      }),
    ),
  );
  const boss = new PgBoss({
    db: bossDb,
    schema,
    ...(timers.pollingIntervalSeconds !== undefined && {
      pollingIntervalSeconds: timers.pollingIntervalSeconds,
    }),
    cronMonitorIntervalSeconds: timers.cronMonitorIntervalSeconds ?? DEFAULT_CRON_MONITOR_INTERVAL_SECONDS,
    cronWorkerIntervalSeconds: timers.cronWorkerIntervalSeconds ?? DEFAULT_CRON_WORKER_INTERVAL_SECONDS,
    maintenanceIntervalSeconds: timers.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  });
  // An EventEmitter "error" without a listener would throw and take the process down.
  boss.on("error", (err: Error & { queue?: string }) => {
    logger.error("job queue error", { error: err.message, queue: err.queue });
  });
  return { boss, bossDb };
}

/** The retry policy of a job definition, as pg-boss's send, insert, queue and schedule options. */
export const retryOptions = (job: AnyJobDefinition) => ({
  retryLimit: job.retryLimit,
  retryDelay: job.retryDelaySec,
  retryBackoff: job.retryBackoff,
  ...(job.expireInSeconds !== undefined && { expireInSeconds: job.expireInSeconds }),
});

/** `create table if not exists` can still collide when two processes start at once; the loser's table exists. */
async function runSetupSql(database: DatabaseHandle, statement: string): Promise<void> {
  try {
    await database.executor.executeSql(statement);
  } catch (err) {
    if (!/already exists|duplicate key/i.test(err instanceof Error ? err.message : String(err))) throw err;
  }
}

/** One queue per registered job, its defaults in line with the definition, then the job's setupSql. */
export async function setUpQueues(
  boss: PgBoss,
  database: DatabaseHandle,
  registry: JobRegistry,
): Promise<void> {
  // Read once: a queue whose stored settings already are the definition's is left alone (two
  // statements per job at every start otherwise, ~0.1 s of the embedded start; issue 30 item 9).
  const stored = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const job of registry.list()) {
    const queueOptions = {
      name: job.name,
      policy: job.policy ?? "standard",
      ...retryOptions(job),
    } as const;
    if (!queueIsAsDefined(stored.get(job.name), queueOptions)) {
      await boss.createQueue(job.name, queueOptions);
      // createQueue keeps an existing queue as it was; bring its defaults in line with the definition.
      await boss.updateQueue(job.name, queueOptions);
    }
    for (const statement of job.setupSql ?? []) await runSetupSql(database, statement);
  }
}

/**
 * Whether createQueue + updateQueue would change nothing: the queue exists and each setting the
 * definition gives is the stored one (updateQueue keeps a stored value where it is given none).
 */
export function queueIsAsDefined(
  stored: PgBoss.QueueResult | undefined,
  defined: PgBoss.Queue & { policy: string },
): boolean {
  if (!stored || stored.policy !== defined.policy) return false;
  const given = [
    [defined.retryLimit, stored.retryLimit],
    [defined.retryDelay, stored.retryDelay],
    [defined.retryBackoff, stored.retryBackoff],
    [defined.expireInSeconds, stored.expireInSeconds],
  ] as const;
  return given.every(([value, current]) => value === undefined || value === current);
}

/** (Re)writes the cron schedule of every repeating job; drops the schedule of one that stopped repeating. */
export async function syncSchedules(boss: PgBoss, registry: JobRegistry): Promise<void> {
  const scheduled = new Set((await boss.getSchedules()).map((s) => s.name));
  for (const job of registry.list()) {
    if (job.schedule) {
      const { cron, tz = "UTC", payload } = job.schedule;
      await boss.schedule(job.name, cron, job.payload.parse(payload), { tz, ...retryOptions(job) });
    } else if (scheduled.has(job.name)) {
      await boss.unschedule(job.name); // the definition stopped repeating
    }
  }
}
