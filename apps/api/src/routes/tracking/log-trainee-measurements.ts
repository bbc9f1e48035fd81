import { DailyMetricSchema, MeasurementsLogInput } from "@studio/contracts";
import { logTraineeMeasurements } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const logTraineeMeasurementsRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/measurements",
      tags: ["tracking"],
      summary: "Log circumferences (merged into the day's)",
    },
    successStatus: 201,
  })
  .input(MeasurementsLogInput)
  .output(DailyMetricSchema)
  .mutation(({ ctx, input }) => logTraineeMeasurements(ctx.db, ctx.scope, input));
