import { RawTrackingQuery, RawMealLogPageSchema } from "@studio/contracts";
import { listRawMealLogs } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listRawMealLogsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/tracking/meal-logs",
      tags: ["tracking"],
      summary: "A trainee's meal logs, newest consumedAt first (no coach scoping)",
      // Document 2 "Raw tracking lists": a clientId outside the studio is NOT_FOUND client not found.
      errorResponses: { 404: "client not found: clientId is not a trainee of the studio" },
    },
  })
  .input(RawTrackingQuery)
  .output(RawMealLogPageSchema)
  .query(({ ctx, input }) => listRawMealLogs(ctx.db, ctx.scope, input));
