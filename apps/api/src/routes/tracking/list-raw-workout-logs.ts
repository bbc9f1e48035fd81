import { RawTrackingQuery, RawWorkoutLogPageSchema } from "@studio/contracts";
import { listRawWorkoutLogs } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listRawWorkoutLogsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/tracking/workout-logs",
      tags: ["tracking"],
      summary:
        "A trainee's workout logs, newest performedOn first, completed and unfinished (no coach scoping)",
      // Document 2 "Raw tracking lists": a clientId outside the studio is NOT_FOUND client not found.
      errorResponses: { 404: "client not found: clientId is not a trainee of the studio" },
    },
  })
  .input(RawTrackingQuery)
  .output(RawWorkoutLogPageSchema)
  .query(({ ctx, input }) => listRawWorkoutLogs(ctx.db, ctx.scope, input));
