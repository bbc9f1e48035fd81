import type { OnboardingEmailCodeVerifyInput, OnboardingEmailToken } from "@studio/contracts";
import type { Db } from "@studio/db";
import { EMAIL_CHANNEL, verifyOnboardingCode } from "./onboarding-channels";
import type { OnboardingCodeScope } from "./onboarding-scope";

/** `POST /v1/public/onboarding/verify-email-otp`: the code for an e-mail token (15 minutes). */
export async function verifyOnboardingEmailCode(
  _db: Db,
  scope: OnboardingCodeScope,
  input: OnboardingEmailCodeVerifyInput,
): Promise<OnboardingEmailToken> {
  const { token, expiresAt } = await verifyOnboardingCode(scope, EMAIL_CHANNEL, input.email, input.code);
  return { emailToken: token, expiresAt };
}
