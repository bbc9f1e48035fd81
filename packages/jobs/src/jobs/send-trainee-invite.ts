import { SEND_TRAINEE_INVITE_JOB, SendTraineeInvitePayload } from "@studio/contracts";
import { composeTraineeInvite } from "@studio/domain";
import { defineJob } from "../job-registry";
import { jobScopeFor } from "../job-scope";
import { INVITATION_POLICY, type InvitationPolicy } from "./send-coach-invitation";

/**
 * Sends the app invite createTrainee enqueued (sendInvite) over the chat channel. A messenger
 * that throws fails the attempt: the queue logs it (job, attempt, requestId, the error; never
 * the phone or name) and retries with backoff. A trainee deleted meanwhile gets nothing.
 */
export function createSendTraineeInviteJob(policy: InvitationPolicy = INVITATION_POLICY) {
  return defineJob({
    name: SEND_TRAINEE_INVITE_JOB,
    payload: SendTraineeInvitePayload,
    ...policy,
    expireInSeconds: 60,
    async handler(payload, deps, job) {
      const chat = deps.services?.chat;
      if (!chat) throw new Error("no chat messenger in the worker's services (services.chat)");
      const scope = jobScopeFor(deps, job, payload.studioId, payload.requestId);
      const message = await composeTraineeInvite(deps.database.db, scope, { clientId: payload.clientId });
      if (!message) {
        scope.logger.info("trainee invite not sent: the trainee is gone", { clientId: payload.clientId });
        return;
      }
      await chat.sendMessage(message);
    },
  });
}

export const sendTraineeInvite = createSendTraineeInviteJob();
