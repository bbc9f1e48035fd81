import { NutritionInsightSchema, TrackingRangeQuery } from "@studio/contracts";
import { getClientNutritionInsight } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getClientNutritionInsightRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/tracking/nutrition/insight",
      tags: ["tracking"],
      summary: "One Hebrew sentence about the nutrition range (null without a model or data)",
    },
  })
  .input(TrackingRangeQuery)
  .output(NutritionInsightSchema)
  .query(({ ctx, input }) => getClientNutritionInsight(ctx.db, ctx.scope, input, ctx.deps.kv));
