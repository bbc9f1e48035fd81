import { PushTokenDeletedSchema, PushTokenParam } from "@studio/contracts";
import { deletePushToken } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

export const deletePushTokenRoute = traineeProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/push-tokens/{token}",
      tags: ["notifications"],
      summary: "Forget one of the trainee's push tokens",
    },
  })
  .input(PushTokenParam)
  .output(PushTokenDeletedSchema)
  .mutation(({ ctx, input }) => deletePushToken(ctx.db, ctx.scope, input));
