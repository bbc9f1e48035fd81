import { CoachMeasurementsInput, CoachMeasurementsSchema } from "@studio/contracts";
import { addCoachMeasurements } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const addCoachMeasurementsRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/clients/{id}/tracking/measurements",
      tags: ["tracking"],
      summary: "Add circumferences for a day (merged into the day's measurements)",
    },
    successStatus: 201,
  })
  .input(CoachMeasurementsInput)
  .output(CoachMeasurementsSchema)
  .mutation(({ ctx, input }) => addCoachMeasurements(ctx.db, ctx.scope, input));
