import { RawTrackingQuery, RawDailyMetricPageSchema } from "@studio/contracts";
import { listRawDailyMetrics } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listRawDailyMetricsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/tracking/daily-metrics",
      tags: ["tracking"],
      summary: "A trainee's daily metric rows, newest date first (no coach scoping)",
      // Document 2 "Raw tracking lists": a clientId outside the studio is NOT_FOUND client not found.
      errorResponses: { 404: "client not found: clientId is not a trainee of the studio" },
    },
  })
  .input(RawTrackingQuery)
  .output(RawDailyMetricPageSchema)
  .query(({ ctx, input }) => listRawDailyMetrics(ctx.db, ctx.scope, input));
