import { DELIVER_PUSH_JOB, DeliverPushPayload } from "@studio/contracts";
import {
  planNotificationDelivery,
  recordNotificationDelivery,
  type ProviderAnswer,
  type PushClient,
  type PushMessage,
} from "@studio/domain";
import { defineJob, type WorkerDeps } from "../job-registry";
import { jobScopeFor } from "../job-scope";
import { PushProviderError } from "@studio/providers/push";

export const pushClientOf = (deps: WorkerDeps): PushClient | undefined => deps.services?.push;

export interface DeliverPushPolicy {
  retryLimit: number;
  retryDelaySec: number;
  retryBackoff: boolean;
}

/** Six attempts over about five minutes (10, 20, 40, 80, 160 s between them, plus jitter). */
export const DELIVER_PUSH_POLICY: DeliverPushPolicy = {
  retryLimit: 5,
  retryDelaySec: 10,
  retryBackoff: true,
};

/** Calls the provider; whatever goes wrong becomes an answer (an unknown error may pass later). */
async function askProvider(push: PushClient | undefined, messages: PushMessage[]): Promise<ProviderAnswer> {
  try {
    if (!push) throw new PushProviderError("push provider not configured", true);
    return { tickets: await push.send(messages) };
  } catch (error) {
    if (error instanceof PushProviderError) return { error: error.message, retryable: error.retryable };
    return { error: error instanceof Error ? error.message : String(error), retryable: true };
  }
}

/**
 * Delivers one push notify() recorded. A provider that is unreachable, unset or answers
 * 429/5xx fails the attempt (retried with backoff); the last attempt marks the record failed
 * and completes, so a dead provider never takes the worker down.
 */
export function createDeliverPushJob(policy: DeliverPushPolicy = DELIVER_PUSH_POLICY) {
  return defineJob({
    name: DELIVER_PUSH_JOB,
    payload: DeliverPushPayload,
    ...policy,
    expireInSeconds: 120,
    concurrency: 2,
    async handler(payload, deps, job) {
      const db = deps.database.db;
      const scope = jobScopeFor(deps, job, payload.studioId);
      const { notificationId } = payload;
      const plan = await planNotificationDelivery(db, scope, { notificationId });
      if (plan.outcome !== "send") return;
      const answer = await askProvider(pushClientOf(deps), plan.messages);
      const result = await recordNotificationDelivery(db, scope, {
        notificationId,
        attempt: { retryCount: job.retryCount, retryLimit: policy.retryLimit },
        plan,
        answer,
        timelineOnAccept: payload.timelineOnAccept,
      });
      if (result.outcome === "retry") throw new Error(result.error);
      if (result.outcome === "failed") {
        scope.logger.error("push delivery failed", {
          notificationId,
          attempt: job.retryCount + 1,
          error: result.error,
        });
      }
    },
  });
}

export const deliverPush = createDeliverPushJob();
