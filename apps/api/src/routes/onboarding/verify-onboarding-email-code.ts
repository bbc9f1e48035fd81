import { OnboardingEmailCodeVerifyInput, OnboardingEmailTokenSchema } from "@studio/contracts";
import { verifyOnboardingEmailCode } from "@studio/domain";
import { onboardingCodeProcedure } from "./procedures";

/** No credential: exchanges the e-mail code for an e-mail token (15 minutes). */
export const verifyOnboardingEmailCodeRoute = onboardingCodeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/public/onboarding/verify-email-otp",
      tags: ["onboarding"],
      summary: "Exchange the e-mail code for a signed e-mail token",
      description:
        "A matching code is used once and answers an e-mail token valid 15 minutes, for POST /v1/web/onboarding/bootstrap.",
      errorResponses: {
        400: "invalid or expired code",
        429: "the fifth wrong code burns the code",
      },
    },
  })
  .input(OnboardingEmailCodeVerifyInput)
  .output(OnboardingEmailTokenSchema)
  .mutation(({ ctx, input }) => verifyOnboardingEmailCode(ctx.db, ctx.scope, input));
