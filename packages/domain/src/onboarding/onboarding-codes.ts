import { ONBOARDING_CODE_LIMITS as LIMITS } from "@studio/contracts";
import { oneTimeCodeStore } from "../one-time-codes";

// The code stores of signup verification: one per channel, each with its own key namespace,
// hash purpose and seal purpose (a phone code is never an e-mail code nor a trainee sign-in code).
// The per-IP budget (30 per 600 s) is counted per channel.

const limits = {
  ttlSeconds: LIMITS.ttlSeconds,
  wrongTries: LIMITS.wrongTries,
  windowSeconds: LIMITS.windowSeconds,
  sendsPerSubject: LIMITS.sendsPerSubject,
  sendsPerIp: LIMITS.sendsPerIp,
};

export const onboardingPhoneCodes = oneTimeCodeStore({
  namespace: "onboarding-phone",
  subjectLabel: "phone",
  hashPurpose: "onboarding-phone",
  sealPurpose: "onboarding-phone-code",
  limits,
});

export const onboardingEmailCodes = oneTimeCodeStore({
  namespace: "onboarding-email",
  subjectLabel: "email",
  hashPurpose: "onboarding-email",
  sealPurpose: "onboarding-email-code",
  limits,
});
