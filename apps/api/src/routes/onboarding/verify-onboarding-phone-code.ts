import { OnboardingPhoneCodeVerifyInput, OnboardingPhoneTokenSchema } from "@studio/contracts";
import { verifyOnboardingPhoneCode } from "@studio/domain";
import { onboardingCodeProcedure } from "./procedures";

/** No credential: exchanges the phone code for a phone token (15 minutes). */
export const verifyOnboardingPhoneCodeRoute = onboardingCodeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/public/onboarding/verify-otp",
      tags: ["onboarding"],
      summary: "Exchange the phone code for a signed phone token",
      description:
        "A matching code is used once and answers a phone token valid 15 minutes, for POST /v1/web/onboarding/bootstrap.",
      errorResponses: {
        400: "invalid or expired code",
        429: "the fifth wrong code burns the code",
      },
    },
  })
  .input(OnboardingPhoneCodeVerifyInput)
  .output(OnboardingPhoneTokenSchema)
  .mutation(({ ctx, input }) => verifyOnboardingPhoneCode(ctx.db, ctx.scope, input));
