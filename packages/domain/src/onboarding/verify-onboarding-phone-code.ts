import type { OnboardingPhoneCodeVerifyInput, OnboardingPhoneToken } from "@studio/contracts";
import type { Db } from "@studio/db";
import { PHONE_CHANNEL, verifyOnboardingCode } from "./onboarding-channels";
import type { OnboardingCodeScope } from "./onboarding-scope";

/** `POST /v1/public/onboarding/verify-otp`: the code for a phone token (15 minutes). */
export async function verifyOnboardingPhoneCode(
  _db: Db,
  scope: OnboardingCodeScope,
  input: OnboardingPhoneCodeVerifyInput,
): Promise<OnboardingPhoneToken> {
  const { token, expiresAt } = await verifyOnboardingCode(scope, PHONE_CHANNEL, input.phone, input.code);
  return { phoneToken: token, expiresAt };
}
