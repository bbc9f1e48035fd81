import { SignInCodeVerifyInput, SignInCodeVerifyResultSchema } from "@studio/contracts";
import { verifyTraineeSignInCode } from "@studio/domain";
import { traineeSignInProcedure } from "../../trpc";

/** No credential: exchanges the code for the trainee token. */
export const verifyTraineeSignInCodeRoute = traineeSignInProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/auth/verify-code",
      tags: ["trainee sign-in"],
      summary: "Exchange the one-time code for a trainee token",
      description:
        "SIGNED_IN answers the token and the trainee. A phone of trainees in several studios answers CHOOSE_STUDIO with the studios; send the same code again with studioId.",
      errorResponses: {
        400: "invalid or expired code",
        404: "studio not found: studioId is not one of the phone's studios",
        429: "the fifth wrong code burns the code",
      },
    },
  })
  .input(SignInCodeVerifyInput)
  .output(SignInCodeVerifyResultSchema)
  .mutation(({ ctx, input }) => verifyTraineeSignInCode(ctx.db, ctx.scope, input));
