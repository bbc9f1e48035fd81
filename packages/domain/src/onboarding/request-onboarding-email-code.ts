import type { OnboardingCodeRequestResult, OnboardingEmailCodeRequestInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import { EMAIL_CHANNEL, requestOnboardingCode } from "./onboarding-channels";
import type { OnboardingCodeScope } from "./onboarding-scope";

/** `POST /v1/public/onboarding/request-email-otp`: a 6-digit code to the address by mail. */
export function requestOnboardingEmailCode(
  _db: Db,
  scope: OnboardingCodeScope,
  input: OnboardingEmailCodeRequestInput,
): Promise<OnboardingCodeRequestResult> {
  return requestOnboardingCode(scope, EMAIL_CHANNEL, input.email);
}
