import { WaterDayQuery, WaterDaySchema } from "@studio/contracts";
import { getWaterDay } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const getWaterDayRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/water",
      tags: ["tracking"],
      summary: "A day's water: total, goal and entries",
    },
  })
  .input(WaterDayQuery)
  .output(WaterDaySchema)
  .query(({ ctx, input }) => getWaterDay(ctx.db, ctx.scope, input));
