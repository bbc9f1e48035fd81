import { WorkoutDetailQuery, WorkoutDetailSchema } from "@studio/contracts";
import { getClientWorkout } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getClientWorkoutRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/tracking/workouts/{logId}",
      tags: ["tracking"],
      summary: "One session in detail: sets, best set, personal records, deltas, volume history",
    },
  })
  .input(WorkoutDetailQuery)
  .output(WorkoutDetailSchema)
  .query(({ ctx, input }) => getClientWorkout(ctx.db, ctx.scope, input));
