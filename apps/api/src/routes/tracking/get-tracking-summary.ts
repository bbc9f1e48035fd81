import { IdParam, TrackingSummarySchema } from "@studio/contracts";
import { getTrackingSummary } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getTrackingSummaryRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/tracking/summary",
      tags: ["tracking"],
      summary: "Tracking tab overview cards and 14 days of app activity",
    },
  })
  .input(IdParam)
  .output(TrackingSummarySchema)
  .query(({ ctx, input }) => getTrackingSummary(ctx.db, ctx.scope, input));
