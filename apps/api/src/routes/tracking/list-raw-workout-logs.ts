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
    },
  })
  .input(RawTrackingQuery)
  .output(RawWorkoutLogPageSchema)
  .query(({ ctx, input }) => listRawWorkoutLogs(ctx.db, ctx.scope, input));
