import { TrackingRangeQuery, WorkoutsViewSchema } from "@studio/contracts";
import { getClientWorkouts } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getClientWorkoutsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/tracking/workouts",
      tags: ["tracking"],
      summary: "Workouts view: eight weeks, sessions, volume, personal records, steps, kpis, previous span",
    },
  })
  .input(TrackingRangeQuery)
  .output(WorkoutsViewSchema)
  .query(({ ctx, input }) => getClientWorkouts(ctx.db, ctx.scope, input));
