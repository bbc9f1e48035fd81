import { SEND_ONBOARDING_EMAIL_CODE_JOB } from "@studio/contracts";
import { composeOnboardingEmailCode, openOnboardingEmailCode } from "@studio/domain";
import { defineOnboardingCodeJob } from "./onboarding-code-job";

/** Mails a signup verification code (request-email-otp), in Hebrew, through the mail provider (MAIL_*). */
export const sendOnboardingEmailCode = defineOnboardingCodeJob({
  name: SEND_ONBOARDING_EMAIL_CODE_JOB,
  provider: "mail",
  open: openOnboardingEmailCode,
  async send(opened, services) {
    if (!services.mailer) throw new Error("no mailer in the worker's services (services.mailer)");
    await services.mailer.send(composeOnboardingEmailCode(opened));
  },
});
