import { SignInCodeRequestInput, SignInCodeRequestResultSchema } from "@studio/contracts";
import { requestTraineeSignInCode } from "@studio/domain";
import { traineeSignInProcedure } from "../../trpc";

/** No credential: the first step of the trainee app's sign-in (decisions.md "Trainee token"). */
export const requestTraineeSignInCodeRoute = traineeSignInProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/auth/request-code",
      tags: ["trainee sign-in"],
      summary: "Send a one-time sign-in code over the chat channel",
      description:
        "A 6-digit code valid 300 s. The answer is the same whether or not the number belongs to a trainee; only a trainee's number gets a message. OTP_DEV_MODE=1 sends nothing and answers devCode.",
      errorResponses: {
        429: "3 sends per phone or 30 per address in 600 s",
        503: "no chat provider is configured (and OTP_DEV_MODE is off)",
      },
    },
  })
  .input(SignInCodeRequestInput)
  .output(SignInCodeRequestResultSchema)
  .mutation(({ ctx, input }) => requestTraineeSignInCode(ctx.db, ctx.scope, input));
