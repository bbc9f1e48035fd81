import { TrackingRangeQuery, WeightViewSchema } from "@studio/contracts";
import { getWeightView } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getWeightViewRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/tracking/weight",
      tags: ["tracking"],
      summary: "Weight trend, goal progress and circumferences over a range",
    },
  })
  .input(TrackingRangeQuery)
  .output(WeightViewSchema)
  .query(({ ctx, input }) => getWeightView(ctx.db, ctx.scope, input));
