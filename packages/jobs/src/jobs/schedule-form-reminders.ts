import { EmptyJobPayload } from "@studio/contracts";
import { dispatchDueFormReminders } from "@studio/domain";
import { defineJob } from "../job-registry";
import { platformJobScopeFor } from "../job-scope";

/**
 * FORM_REMINDERS: every 5 minutes (once across all workers) sends the reminders that came due
 * around each trainee's recurring check-in form day and each sent form's visible day (the
 * onlyIfNotFilled ones skipped when the form was submitted). Each reminder is sent at most once: a rerun, a
 * restarted worker or another replica finds the dispatch row and skips it. Without the queue in
 * the worker's services (services.jobs) the dispatch transaction fails: nothing is recorded, the
 * next run tries again.
 */
export const scheduleFormReminders = defineJob({
  name: "schedule-form-reminders",
  payload: EmptyJobPayload,
  // The next tick runs in 5 minutes and catches up within the grace window.
  retryLimit: 1,
  retryDelaySec: 30,
  retryBackoff: false,
  expireInSeconds: 240,
  schedule: { cron: "*/5 * * * *", payload: {} },
  async handler(_payload, deps, job) {
    const scope = platformJobScopeFor(deps, job);
    const run = await dispatchDueFormReminders(deps.database.db, scope);
    if (run.due > 0) scope.logger.info("form reminders dispatched", { ...run });
  },
});
