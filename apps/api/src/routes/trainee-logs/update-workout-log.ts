import { WorkoutLogSchema, WorkoutLogUpdateInput } from "@studio/contracts";
import { updateWorkoutLog } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const updateWorkoutLogRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/trainee/workout-logs/{id}",
      tags: ["logging"],
      summary: "Change a workout log (only the fields sent)",
    },
  })
  .input(WorkoutLogUpdateInput)
  .output(WorkoutLogSchema)
  .mutation(({ ctx, input }) => updateWorkoutLog(ctx.db, ctx.scope, input));
