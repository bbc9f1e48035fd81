import { sql } from "drizzle-orm";
import { resultRows, type Db } from "@studio/db";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import { DUE_WORK, type DueWork, type DueWorkResult, type SchedulerTick } from "./due-work";

/** SCHEDULER_GRACE_MINUTES' default: work missed by up to 3 hours is still done. */
export const DEFAULT_SCHEDULER_GRACE_MS = 3 * 60 * 60_000;
/** How far back a tick after a long outage still looks (older work is neither sent nor recorded). */
export const SCHEDULER_MAX_LOOKBACK_MS = 7 * 24 * 60 * 60_000;

export interface SchedulerTickOptions {
  graceMs?: number;
  /** The due work to run (tests run a subset); default DUE_WORK. */
  work?: readonly DueWork[];
}

export interface SchedulerTickRun {
  since: Date;
  results: Record<string, DueWorkResult>;
}

/**
 * One scheduler tick: reads the last completed tick (scheduler_state), runs every DueWork with
 * the same clock and window, then moves the last tick forward. A DueWork that throws does not
 * stop the others; the tick then throws (the job is retried, the window is kept: nothing done
 * twice, as every piece of work claims what it does).
 */
export async function runSchedulerTick(
  db: Db,
  scope: PlatformJobScope,
  options: SchedulerTickOptions = {},
): Promise<SchedulerTickRun> {
  const now = scope.now;
  const graceMs = options.graceMs ?? DEFAULT_SCHEDULER_GRACE_MS;
  const [state] = resultRows<{ lastTickAt: string | Date | null }>(
    await db.execute(sql`select last_tick_at as "lastTickAt" from scheduler_state where id = 'tick'`),
  );
  const last = state?.lastTickAt ? new Date(state.lastTickAt).getTime() : null;
  const floor = now.getTime() - SCHEDULER_MAX_LOOKBACK_MS;
  const sinceMs = Math.max(floor, Math.min(last ?? Infinity, now.getTime() - graceMs));
  const tick: SchedulerTick = { now, graceMs, since: new Date(sinceMs) };

  const results: Record<string, DueWorkResult> = {};
  const failures: unknown[] = [];
  for (const work of options.work ?? DUE_WORK) {
    try {
      results[work.name] = await work.run(db, scope, tick);
    } catch (error) {
      failures.push(error);
      scope.logger.error("scheduler work failed", {
        work: work.name,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (failures.length > 0) throw failures[0];
  await db.execute(sql`
    insert into scheduler_state (id, last_tick_at) values ('tick', ${now.toISOString()}::timestamptz)
    on conflict (id) do update set last_tick_at = greatest(scheduler_state.last_tick_at, excluded.last_tick_at)`);
  return { since: tick.since, results };
}
