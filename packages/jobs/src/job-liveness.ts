import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@studio/db";
import type { Logger } from "@studio/observability";
import { encodePgArray } from "./boss-db";
import { JOB_SLOTS_DDL } from "./job-slots";

// A dead worker's jobs back within seconds (issue 27 item 3). pg-boss 10 has no heartbeat: an
// attempt whose process died stays `active` until its expiry (60 s for deliveries, up to 10 min
// for other jobs) and pg-boss's maintenance (every 30 s here) fails it back with the retry
// backoff — 70-110 s for a delivery, about 3.3 min with pg-boss's defaults. Instead, every queue
// instance that works jobs beats every `beatSeconds`, listing the ids of the attempts it runs; an
// attempt that is active, older than the grace, and listed by no instance that beat within
// `staleSeconds` belongs to a process that died: any working instance returns it to the queue at
// once (state retry, due now, the attempt counted as pg-boss counts an expired one) and frees its
// delivery slot. pg-boss's expiry stays as the backstop.

/**
 * One row per working queue instance (not per WORKER_ID: two queues in one process, as the
 * API's replica mode runs them, must not overwrite each other's list).
 * Interim, like job_slots: the table moves into a Drizzle migration in packages/db.
 */
export const JOB_WORKERS_DDL = `create table if not exists job_workers (
  instance_id uuid primary key,
  worker_id text not null,
  job_ids uuid[] not null default '{}',
  beat_at timestamptz not null
)`;

export const LIVENESS_DEFAULTS = { beatSeconds: 3, staleSeconds: 10 } as const;

export interface LivenessOptions {
  /** How often a working instance records its running attempts and looks for orphans (default 3 s). */
  beatSeconds?: number;
  /** A beat older than this no longer vouches for its attempts (default 10 s). */
  staleSeconds?: number;
}

/** The tables the beat and the reaper use; run once by start(), under the setup lock. */
export async function setUpLiveness(database: DatabaseHandle): Promise<void> {
  await database.executor.executeSql(JOB_WORKERS_DDL);
  await database.executor.executeSql(JOB_SLOTS_DDL);
}

export interface ReturnedJob {
  id: string;
  name: string;
  /** "retry" (due now) or "failed" (it was the last attempt). */
  state: string;
}

/**
 * Returns the orphaned attempts of `schema`'s queues: active, started more than `graceSeconds`
 * ago (every live instance has beaten since), and listed by no beat of the last `staleSeconds`.
 * Safe to run from every process at once (row locks, skip locked).
 */
export async function returnOrphanedJobs(
  database: DatabaseHandle,
  schema: string,
  options: { graceSeconds: number; staleSeconds: number },
): Promise<ReturnedJob[]> {
  const { rows } = await database.executor.executeSql(
    `with orphans as (
       select j.name, j.id from ${schema}.job j
        where j.state = 'active'
          and j.started_on < now() - $1::float8 * interval '1 second'
          and not exists (
            select 1 from job_workers w
             where w.beat_at > now() - $2::float8 * interval '1 second' and j.id = any(w.job_ids))
        for update of j skip locked
     ), returned as (
       update ${schema}.job j set
         state = (case when j.retry_count < j.retry_limit then 'retry' else 'failed' end)::${schema}.job_state,
         start_after = case when j.retry_count < j.retry_limit then now() else j.start_after end,
         completed_on = case when j.retry_count < j.retry_limit then null else now() end,
         output = jsonb_build_object('message', 'the process running this attempt died; returned to the queue')
         from orphans o
        where j.name = o.name and j.id = o.id and j.state = 'active'
       returning j.id, j.name, j.state::text as state
     ), freed as (
       delete from job_slots s using returned r where s.job_id = r.id
     )
     select id::text as id, name, state from returned`,
    [options.graceSeconds, options.staleSeconds],
  );
  return rows as unknown as ReturnedJob[];
}

export interface Liveness {
  stop(): Promise<void>;
}

/**
 * Beats for this queue instance every `beatSeconds` (the ids `held()` answers) and returns
 * orphaned attempts. A failed round is logged and tried again at the next beat.
 */
export function startLiveness(
  database: DatabaseHandle,
  schema: string,
  options: LivenessOptions & { workerId: string; logger: Logger; held: () => Iterable<string> },
): Liveness {
  const beatSeconds = options.beatSeconds ?? LIVENESS_DEFAULTS.beatSeconds;
  const staleSeconds = Math.max(options.staleSeconds ?? LIVENESS_DEFAULTS.staleSeconds, beatSeconds * 2);
  // An attempt younger than two beats may not be listed yet by its (live) holder.
  const graceSeconds = beatSeconds * 2 + 1;
  const instanceId = randomUUID();
  const { logger } = options;
  let round: Promise<void> | undefined;
  let stopped = false;
  let rounds = 0;

  const beatAndReap = async () => {
    await database.executor.executeSql(
      `insert into job_workers (instance_id, worker_id, job_ids, beat_at)
       values ($1::uuid, $2::text, $3::uuid[], now())
       on conflict (instance_id) do update set job_ids = excluded.job_ids, beat_at = now()`,
      [instanceId, options.workerId, encodePgArray([...options.held()])],
    );
    const returned = await returnOrphanedJobs(database, schema, { graceSeconds, staleSeconds });
    if (returned.length > 0)
      logger.warn("jobs of a worker that died returned to the queue", {
        count: returned.length,
        jobs: returned.map((j) => `${j.name}:${j.id}:${j.state}`),
      });
    // Rows of instances gone for an hour (their process died, or stop() could not remove them).
    if (rounds++ % 100 === 0)
      await database.executor.executeSql(`delete from job_workers where beat_at < now() - interval '1 hour'`);
  };
  const tick = () => {
    if (stopped || round) return;
    round = beatAndReap()
      .catch((err: unknown) =>
        logger.warn("job liveness round failed; trying again at the next beat", {
          error: err instanceof Error ? err.message : String(err),
        }),
      )
      .finally(() => (round = undefined));
  };
  const timer = setInterval(tick, beatSeconds * 1000);
  timer.unref();
  tick();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
      await database.executor
        .executeSql(`delete from job_workers where instance_id = $1::uuid`, [instanceId])
        .catch(() => {});
    },
  };
}
