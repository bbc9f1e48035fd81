import { SEND_COACH_INVITATION_JOB, SendCoachInvitationPayload } from "@studio/contracts";
import { composeCoachInvitation } from "@studio/domain";
import { defineJob } from "../job-registry";
import { jobScopeFor } from "../job-scope";

export interface InvitationPolicy {
  retryLimit: number;
  retryDelaySec: number;
  retryBackoff: boolean;
}

/** Seven attempts over about half an hour (30, 60, 120, ... 960 s between them, plus jitter). */
export const INVITATION_POLICY: InvitationPolicy = { retryLimit: 6, retryDelaySec: 30, retryBackoff: true };

/**
 * Mails the team invitation createCoach enqueued with the new member. A mailer that throws fails
 * the attempt: the queue logs it (job, attempt, requestId, the error; never the address) and
 * retries with backoff. A member removed meanwhile gets nothing.
 */
export function createSendCoachInvitationJob(policy: InvitationPolicy = INVITATION_POLICY) {
  return defineJob({
    name: SEND_COACH_INVITATION_JOB,
    payload: SendCoachInvitationPayload,
    ...policy,
    expireInSeconds: 60,
    async handler(payload, deps, job) {
      const mailer = deps.services?.mailer;
      if (!mailer) throw new Error("no mailer in the worker's services (services.mailer)");
      const scope = jobScopeFor(deps, job, payload.studioId, payload.requestId);
      const mail = await composeCoachInvitation(deps.database.db, scope, { coachId: payload.coachId });
      if (!mail) {
        scope.logger.info("team invitation not sent: the member is gone", { coachId: payload.coachId });
        return;
      }
      await mailer.send(mail);
    },
  });
}

export const sendCoachInvitation = createSendCoachInvitationJob();
