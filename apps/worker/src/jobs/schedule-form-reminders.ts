import { z } from "zod";
import { dispatchDueFormReminders, type NotificationJobPort } from "@studio/domain";
import { defineJob } from "../job-registry";
import { jobQueueOf } from "./deliver-push";

const missingQueue: NotificationJobPort = {
  async enqueue() {
    // Thrown inside the dispatch transaction: nothing is recorded, the next run tries again.
    throw new Error(
      "the job queue is not in the worker's services (services.jobs); reminders cannot be delivered",
    );
  },
};

/**
 * FORM_REMINDERS: every 5 minutes (once across all workers) sends the reminders that came due
 * around each trainee's check-in form day. Each reminder is sent at most once: a rerun, a
 * restarted worker or another replica finds the dispatch row and skips it.
 */
export const scheduleFormReminders = defineJob({
  name: "schedule-form-reminders",
  payload: z.object({}),
  // The next tick runs in 5 minutes and catches up within the grace window.
  retryLimit: 1,
  retryDelaySec: 30,
  retryBackoff: false,
  expireInSeconds: 240,
  schedule: { cron: "*/5 * * * *", payload: {} },
  async handler(_payload, deps) {
    const run = await dispatchDueFormReminders(deps.database.db, {
      jobs: jobQueueOf(deps) ?? missingQueue,
      now: deps.now,
    });
    if (run.due > 0) deps.logger.info("form reminders dispatched", { ...run });
  },
});
