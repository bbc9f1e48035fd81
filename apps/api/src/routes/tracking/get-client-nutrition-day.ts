import { NutritionDayDetailSchema, NutritionDayQuery } from "@studio/contracts";
import { getClientNutritionDay } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getClientNutritionDayRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/tracking/nutrition/{date}",
      tags: ["tracking"],
      summary: "Nutrition day detail: plan meals, custom meals and unlinked meal logs as display lines",
    },
  })
  .input(NutritionDayQuery)
  .output(NutritionDayDetailSchema)
  .query(({ ctx, input }) => getClientNutritionDay(ctx.db, ctx.scope, input));
