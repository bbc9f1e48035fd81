import { SEND_ONBOARDING_PHONE_CODE_JOB, SendOnboardingCodePayload } from "@studio/contracts";
import { composeOnboardingPhoneCode, openOnboardingPhoneCode } from "@studio/domain";
import { defineJob } from "../job-registry";
import { platformJobScopeFor } from "../job-scope";

/**
 * Sends a signup verification code (request-otp) over the chat channel, in Hebrew. A code is
 * worth sending only while it is valid: a few quick retries (5, 10 s) when the provider refuses or
 * cannot be reached, and a job that runs after the code expired sends nothing. Recipient and code
 * travel sealed (SESSION_SIGNING_SECRET); a payload that does not open is logged and dropped.
 * Log lines never carry the code or the phone.
 */
export const sendOnboardingPhoneCode = defineJob({
  name: SEND_ONBOARDING_PHONE_CODE_JOB,
  payload: SendOnboardingCodePayload,
  retryLimit: 2,
  retryDelaySec: 5,
  retryBackoff: true,
  expireInSeconds: 30,
  async handler(payload, deps, job) {
    const scope = platformJobScopeFor(deps, job);
    if (scope.now.getTime() >= payload.expiresAt) {
      scope.logger.info("signup code not sent: it expired before the job ran");
      return;
    }
    const chat = deps.services?.chat;
    if (!chat) throw new Error("no chat messenger in the worker's services (services.chat)");
    const secret = deps.services?.sessionSigningSecret;
    if (!secret) throw new Error("no SESSION_SIGNING_SECRET in the worker's services (sessionSigningSecret)");
    const opened = openOnboardingPhoneCode(payload.sealed, secret);
    if (opened === null) {
      scope.logger.error(
        "signup code not sent: the sealed code does not open with this SESSION_SIGNING_SECRET",
      );
      return;
    }
    try {
      await chat.sendMessage(composeOnboardingPhoneCode(opened));
    } catch (error) {
      // The provider's own words never hold the recipient or the code; the attempt is retried.
      scope.logger.warn("signup code not sent: the chat provider refused", {
        attempt: job.retryCount + 1,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  },
});
