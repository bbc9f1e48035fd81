import { WorkoutLogCreateInput, WorkoutLogSchema } from "@studio/contracts";
import { logWorkout } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const logWorkoutRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/workout-logs",
      tags: ["logging"],
      summary: "Log a workout",
      errorResponses: { 404: "program not found: programId is not one of the trainee's programs" },
    },
    successStatus: 201,
  })
  .input(WorkoutLogCreateInput)
  .output(WorkoutLogSchema)
  .mutation(({ ctx, input }) => logWorkout(ctx.db, ctx.scope, input));
