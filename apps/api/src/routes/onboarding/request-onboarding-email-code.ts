import { OnboardingCodeRequestResultSchema, OnboardingEmailCodeRequestInput } from "@studio/contracts";
import { requestOnboardingEmailCode } from "@studio/domain";
import { onboardingCodeProcedure } from "./procedures";

/** No credential: mails a signup verification code (document 3 "Signup verification"). */
export const requestOnboardingEmailCodeRoute = onboardingCodeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/public/onboarding/request-email-otp",
      tags: ["onboarding"],
      summary: "Mail a signup verification code to an e-mail address",
      description:
        "A 6-digit code valid 300 s, in a Hebrew mail. Answers sent true for every valid address. The mail provider is called before the answer: 200 means it accepted the message. OTP_DEV_MODE=1 sends nothing and answers devCode. The client address for the throttles is x-client-ip when present.",
      errorResponses: {
        429: "3 sends per address or 30 per client address in 600 s",
        503: "the mail provider refused the code or did not answer within ONBOARDING_SEND_TIMEOUT_MS (no code is stored), or none is configured (and OTP_DEV_MODE is off)",
      },
    },
  })
  .input(OnboardingEmailCodeRequestInput)
  .output(OnboardingCodeRequestResultSchema)
  .mutation(({ ctx, input }) => requestOnboardingEmailCode(ctx.db, ctx.scope, input));
