import { SEND_ONBOARDING_PHONE_CODE_JOB } from "@studio/contracts";
import { composeOnboardingPhoneCode, openOnboardingPhoneCode } from "@studio/domain";
import { defineOnboardingCodeJob } from "./onboarding-code-job";

/** Sends a signup verification code (request-otp) over the chat channel, in Hebrew. */
export const sendOnboardingPhoneCode = defineOnboardingCodeJob({
  name: SEND_ONBOARDING_PHONE_CODE_JOB,
  provider: "chat",
  open: openOnboardingPhoneCode,
  async send(opened, services) {
    if (!services.chat) throw new Error("no chat messenger in the worker's services (services.chat)");
    await services.chat.sendMessage(composeOnboardingPhoneCode(opened));
  },
});
