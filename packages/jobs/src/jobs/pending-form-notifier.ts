import { EmptyJobPayload } from "@studio/contracts";
import { announceDeferredForms } from "@studio/domain";
import { defineJob } from "../job-registry";
import { platformJobScopeFor } from "../job-scope";

/**
 * The pending-form notifier: every hour (once across all workers) announces the forms sent with
 * a blank push flag whose visibleFrom has passed (FORM_SENT under each studio's settings) and
 * stamps them announced in the same transaction, so a rerun or another replica announces none
 * twice. Without the queue in the worker's services the transaction fails and the next run retries.
 */
export const pendingFormNotifier = defineJob({
  name: "pending-form-notifier",
  payload: EmptyJobPayload,
  retryLimit: 1,
  retryDelaySec: 60,
  retryBackoff: false,
  expireInSeconds: 600,
  schedule: { cron: "0 * * * *", payload: {} },
  async handler(_payload, deps, job) {
    const scope = platformJobScopeFor(deps, job);
    const run = await announceDeferredForms(deps.database.db, scope);
    if (run.announced > 0) scope.logger.info("deferred forms announced", { ...run });
  },
});
