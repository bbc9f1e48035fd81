import { DayTotalsSchema, StepsSetInput } from "@studio/contracts";
import { setTodaySteps } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const setTodayStepsRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/steps",
      tags: ["tracking"],
      summary: "Set today's steps",
    },
    successStatus: 201,
  })
  .input(StepsSetInput)
  .output(DayTotalsSchema)
  .mutation(({ ctx, input }) => setTodaySteps(ctx.db, ctx.scope, input));
