import type { OnboardingCodeRequestResult, OnboardingPhoneCodeRequestInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import { PHONE_CHANNEL, requestOnboardingCode } from "./onboarding-channels";
import type { OnboardingCodeScope } from "./onboarding-scope";

/** `POST /v1/public/onboarding/request-otp`: a 6-digit code to the phone over the chat channel. */
export function requestOnboardingPhoneCode(
  _db: Db,
  scope: OnboardingCodeScope,
  input: OnboardingPhoneCodeRequestInput,
): Promise<OnboardingCodeRequestResult> {
  return requestOnboardingCode(scope, PHONE_CHANNEL, input.phone);
}
