import { PushTokenRegisterInput, PushTokenSchema } from "@studio/contracts";
import { registerPushToken } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

export const registerPushTokenRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/push-tokens",
      tags: ["notifications"],
      summary: "Register this device's push token for the trainee",
    },
    successStatus: 201,
  })
  .input(PushTokenRegisterInput)
  .output(PushTokenSchema)
  .mutation(({ ctx, input }) => registerPushToken(ctx.db, ctx.scope, input));
