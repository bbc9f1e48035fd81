import { TrackingRangeQuery, NutritionViewSchema } from "@studio/contracts";
import { getClientNutrition } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getClientNutritionRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/tracking/nutrition",
      tags: ["tracking"],
      summary:
        "Nutrition view: per-day eaten and target totals, status, slots, adherence, averages, previous span",
    },
  })
  .input(TrackingRangeQuery)
  .output(NutritionViewSchema)
  .query(({ ctx, input }) => getClientNutrition(ctx.db, ctx.scope, input));
