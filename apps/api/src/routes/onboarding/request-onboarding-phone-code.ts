import { OnboardingCodeRequestResultSchema, OnboardingPhoneCodeRequestInput } from "@studio/contracts";
import { requestOnboardingPhoneCode } from "@studio/domain";
import { onboardingCodeProcedure } from "./procedures";

/** No credential: the first step of signup verification (document 3 "Signup verification"). */
export const requestOnboardingPhoneCodeRoute = onboardingCodeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/public/onboarding/request-otp",
      tags: ["onboarding"],
      summary: "Send a signup verification code to a phone over the chat channel",
      description:
        "A 6-digit code valid 300 s, in a Hebrew chat message. The answer is the same for every valid number, registered or not. The chat provider is called before the answer: 200 means it accepted the message. OTP_DEV_MODE=1 sends nothing and answers devCode. The client address for the throttles is x-client-ip when present.",
      errorResponses: {
        429: "3 sends per phone or 30 per address in 600 s",
        503: "the chat provider refused the code or did not answer within ONBOARDING_SEND_TIMEOUT_MS (no code is stored), or none is configured (and OTP_DEV_MODE is off)",
      },
    },
  })
  .input(OnboardingPhoneCodeRequestInput)
  .output(OnboardingCodeRequestResultSchema)
  .mutation(({ ctx, input }) => requestOnboardingPhoneCode(ctx.db, ctx.scope, input));
