import { setTimeout as sleep } from "node:timers/promises";
import { sqlState, type DatabaseHandle } from "@studio/db";

// Processes that start together (issue 27): every API and worker process installs pg-boss's
// schema, creates one queue per job and runs the jobs' setupSql when it starts. pg-boss locks its
// own install, but not create_queue (an insert, a CREATE TABLE and an ATTACH PARTITION): two
// processes creating the same queue at once deadlocked and the loser exited 1. The whole setup
// therefore runs under one PostgreSQL advisory lock (the key our migrations take, so migrations
// and queue setup of all processes run one after another), and a transient deadlock or
// serialization failure is retried.

/** The advisory lock key of packages/db's migrate(): migrations and queue setup share it. */
export const SETUP_LOCK_KEY = 727_001;

/** 40P01 deadlock_detected, 40001 serialization_failure: retried, never fatal during setup. */
const TRANSIENT = new Set(["40P01", "40001"]);

/** True for a deadlock or a serialization failure (the error, or one of its causes). */
export function isTransientSetupError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const state = sqlState(e);
    if (state !== undefined && TRANSIENT.has(state)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `setup` while holding the setup lock: in a transaction that takes
 * pg_advisory_xact_lock(SETUP_LOCK_KEY) on a connection of its own (the setup's statements run on
 * the pool's other connections; the lock only orders processes). The wait for the lock has no
 * statement timeout: another process may be migrating. PGlite is one process: no lock needed.
 */
export async function underSetupLock<T>(database: DatabaseHandle, setup: () => Promise<T>): Promise<T> {
  if (database.kind === "pglite") return setup();
  return database.db.transaction(async (tx) => {
    const executor = database.executorFor(tx);
    await executor.executeSql("set local statement_timeout = 0");
    await executor.executeSql("select pg_advisory_xact_lock($1::bigint)", [SETUP_LOCK_KEY]);
    return setup();
  });
}

/**
 * Retries `attempt` after a transient error (deadlock, serialization failure) up to `attempts`
 * times with a short jittered pause; any other error is thrown at once. `onRetry` is told each time.
 */
export async function retryTransient<T>(
  attempt: () => Promise<T>,
  options: { attempts?: number; onRetry?: (error: unknown, attempt: number) => void | Promise<void> } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= attempts || !isTransientSetupError(error)) throw error;
      await options.onRetry?.(error, n);
      await sleep(100 * n + Math.random() * 200);
    }
  }
}
