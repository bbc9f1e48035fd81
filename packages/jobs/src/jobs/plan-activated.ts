import { PLAN_ACTIVATED_JOB, PlanActivatedPayload } from "@studio/contracts";
import { activateFirstPlanSubscriptions } from "@studio/domain";
import { defineJob } from "../job-registry";
import { jobScopeFor } from "../job-scope";

/**
 * A program became ACTIVE (assignment without hold, release of a held one, each new program of
 * a bulk assignment): starts the trainee's subscriptions waiting on the FIRST_PLAN trigger
 * (activateFirstPlanSubscriptions; idempotent, so a retry starts none twice).
 */
export const planActivated = defineJob({
  name: PLAN_ACTIVATED_JOB,
  payload: PlanActivatedPayload,
  retryLimit: 5,
  retryDelaySec: 30,
  retryBackoff: true,
  expireInSeconds: 60,
  async handler(payload, deps, job) {
    const scope = jobScopeFor(deps, job, payload.studioId, payload.requestId);
    const result = await activateFirstPlanSubscriptions(deps.database.db, scope, {
      clientId: payload.clientId,
      programId: payload.programId,
    });
    if (result.started > 0)
      scope.logger.info("subscriptions started by a first plan", {
        started: result.started,
        programId: payload.programId,
      });
  },
});
