import { z } from "zod";
import { MeasurementSummarySchema } from "@studio/contracts";
import { getMeasurementSummary } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const getMeasurementSummaryRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/measurements/summary",
      tags: ["tracking"],
      summary: "Measurement summary: weights, goal progress, chart, tiles, day log",
    },
  })
  .input(z.object({}))
  .output(MeasurementSummarySchema)
  .query(({ ctx }) => getMeasurementSummary(ctx.db, ctx.scope));
