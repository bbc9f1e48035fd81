import { WorkoutLogListQuery, WorkoutLogListSchema } from "@studio/contracts";
import { listWorkoutLogs } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const listWorkoutLogsRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/workout-logs",
      tags: ["logging"],
      summary: "The trainee's workout logs in a date range",
    },
  })
  .input(WorkoutLogListQuery)
  .output(WorkoutLogListSchema)
  .query(({ ctx, input }) => listWorkoutLogs(ctx.db, ctx.scope, input));
