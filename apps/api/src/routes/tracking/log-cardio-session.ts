import { CardioLogInput, CardioSessionSchema } from "@studio/contracts";
import { logCardioSession } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const logCardioSessionRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/cardio",
      tags: ["tracking"],
      summary: "Log a cardio session",
    },
    successStatus: 201,
  })
  .input(CardioLogInput)
  .output(CardioSessionSchema)
  .mutation(({ ctx, input }) => logCardioSession(ctx.db, ctx.scope, input));
