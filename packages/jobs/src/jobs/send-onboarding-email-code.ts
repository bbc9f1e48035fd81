import { SEND_ONBOARDING_EMAIL_CODE_JOB, SendOnboardingCodePayload } from "@studio/contracts";
import { composeOnboardingEmailCode, openOnboardingEmailCode } from "@studio/domain";
import { defineJob } from "../job-registry";
import { platformJobScopeFor } from "../job-scope";

/**
 * Mails a signup verification code (request-email-otp), in Hebrew, through the mail provider
 * (MAIL_*, providers/postmark-mailer.ts). Retries like the phone code (5, 10 s) while the code is
 * valid; a job past expiresAt sends nothing. Recipient and code travel sealed; log lines never
 * carry the address or the code.
 */
export const sendOnboardingEmailCode = defineJob({
  name: SEND_ONBOARDING_EMAIL_CODE_JOB,
  payload: SendOnboardingCodePayload,
  retryLimit: 2,
  retryDelaySec: 5,
  retryBackoff: true,
  expireInSeconds: 30,
  async handler(payload, deps, job) {
    const scope = platformJobScopeFor(deps, job);
    if (scope.now.getTime() >= payload.expiresAt) {
      scope.logger.info("signup code not mailed: it expired before the job ran");
      return;
    }
    const mailer = deps.services?.mailer;
    if (!mailer) throw new Error("no mailer in the worker's services (services.mailer)");
    const secret = deps.services?.sessionSigningSecret;
    if (!secret) throw new Error("no SESSION_SIGNING_SECRET in the worker's services (sessionSigningSecret)");
    const opened = openOnboardingEmailCode(payload.sealed, secret);
    if (opened === null) {
      scope.logger.error(
        "signup code not mailed: the sealed code does not open with this SESSION_SIGNING_SECRET",
      );
      return;
    }
    try {
      await mailer.send(composeOnboardingEmailCode(opened));
    } catch (error) {
      scope.logger.warn("signup code not mailed: the mail provider refused", {
        attempt: job.retryCount + 1,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  },
});
