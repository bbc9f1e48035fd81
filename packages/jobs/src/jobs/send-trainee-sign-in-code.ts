import { SEND_TRAINEE_SIGN_IN_CODE_JOB, SendTraineeSignInCodePayload } from "@studio/contracts";
import { composeTraineeSignInCode, openSignInCode } from "@studio/domain";
import { defineJob } from "../job-registry";
import { jobScopeFor } from "../job-scope";

/**
 * Sends the sign-in code requestTraineeSignInCode enqueued, over the chat channel. A code is
 * worth sending only while it is valid: a few quick retries (5, 10 s), and a job that runs after
 * the code expired sends nothing. The code travels sealed (SESSION_SIGNING_SECRET); a payload
 * that does not open is logged and dropped (a retry would not open it either). A trainee deleted
 * meanwhile gets nothing. Log lines never carry the code or the phone.
 */
export const sendTraineeSignInCode = defineJob({
  name: SEND_TRAINEE_SIGN_IN_CODE_JOB,
  payload: SendTraineeSignInCodePayload,
  retryLimit: 2,
  retryDelaySec: 5,
  retryBackoff: true,
  expireInSeconds: 30,
  async handler(payload, deps, job) {
    const scope = jobScopeFor(deps, job, payload.studioId, payload.requestId);
    if (scope.now.getTime() >= payload.expiresAt) {
      scope.logger.info("sign-in code not sent: it expired before the job ran");
      return;
    }
    const chat = deps.services?.chat;
    if (!chat) throw new Error("no chat messenger in the worker's services (services.chat)");
    const secret = deps.services?.sessionSigningSecret;
    if (!secret) throw new Error("no SESSION_SIGNING_SECRET in the worker's services (sessionSigningSecret)");
    const code = openSignInCode(payload.sealedCode, secret);
    if (code === null) {
      scope.logger.error(
        "sign-in code not sent: the sealed code does not open with this SESSION_SIGNING_SECRET",
      );
      return;
    }
    const message = await composeTraineeSignInCode(deps.database.db, scope, {
      clientId: payload.clientId,
      code,
    });
    if (!message) {
      scope.logger.info("sign-in code not sent: the trainee is gone", { clientId: payload.clientId });
      return;
    }
    await chat.sendMessage(message);
  },
});
