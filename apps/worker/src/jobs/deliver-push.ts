import { z } from "zod";
import {
  deliverNotification,
  DELIVER_PUSH_JOB,
  type NotificationJobPort,
  type PushClient,
} from "@studio/domain";
import { defineJob, type WorkerDeps } from "../job-registry";

export const pushClientOf = (deps: WorkerDeps): PushClient | undefined => deps.services?.push;
export const jobQueueOf = (deps: WorkerDeps): NotificationJobPort | undefined => deps.services?.jobs;

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

/**
 * Delivers one push notify() recorded. A provider that is unreachable, unset or answers
 * 429/5xx fails the attempt (retried with backoff); the last attempt marks the record failed
 * and completes, so a dead provider never takes the worker down.
 */
export function createDeliverPushJob(policy: DeliverPushPolicy = DELIVER_PUSH_POLICY) {
  return defineJob({
    name: DELIVER_PUSH_JOB,
    payload: z.object({ notificationId: z.string().min(1) }),
    ...policy,
    expireInSeconds: 120,
    concurrency: 2,
    async handler(payload, deps, job) {
      const result = await deliverNotification(
        deps.database.db,
        payload.notificationId,
        { retryCount: job.retryCount, retryLimit: policy.retryLimit },
        { push: pushClientOf(deps), now: deps.now },
      );
      if (result.outcome === "retry") throw new Error(result.error);
      if (result.outcome === "failed") {
        deps.logger.error("push delivery failed", {
          notificationId: payload.notificationId,
          attempt: job.retryCount + 1,
          error: result.error,
        });
      }
    },
  });
}

export const deliverPush = createDeliverPushJob();
