import { EmptyJobPayload } from "@studio/contracts";
import { runSchedulerTick } from "@studio/domain";
import { defineJob } from "../job-registry";
import { platformJobScopeFor } from "../job-scope";

/**
 * The one scheduler: every minute (pg-boss cron, once across all workers) runs every kind of
 * due work in packages/domain/src/scheduler/due-work.ts (DUE_WORK) with one clock reading and
 * the grace window of SCHEDULER_GRACE_MINUTES (services.scheduler.graceMs). Each piece of work
 * claims what it does in the transaction that does it, so a rerun, a retried tick or a second
 * worker does nothing twice.
 */
export const schedulerTick = defineJob({
  name: "scheduler-tick",
  payload: EmptyJobPayload,
  // The next tick runs in a minute and catches up over the window since the last completed one.
  retryLimit: 0,
  retryDelaySec: 0,
  retryBackoff: false,
  expireInSeconds: 120,
  schedule: { cron: "* * * * *", payload: {} },
  async handler(_payload, deps, job) {
    const scope = platformJobScopeFor(deps, job);
    const run = await runSchedulerTick(deps.database.db, scope, {
      ...(deps.services?.scheduler?.graceMs !== undefined && { graceMs: deps.services.scheduler.graceMs }),
    });
    const busy = Object.entries(run.results).filter(([, r]) =>
      Object.entries(r).some(([k, v]) => v > 0 && k !== "scanned" && k !== "assignmentsScanned"),
    );
    if (busy.length > 0) scope.logger.info("scheduler tick", Object.fromEntries(busy));
  },
});
