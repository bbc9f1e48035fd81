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
    },
  })
  .input(RawTrackingQuery)
  .output(RawDailyMetricPageSchema)
  .query(({ ctx, input }) => listRawDailyMetrics(ctx.db, ctx.scope, input));
