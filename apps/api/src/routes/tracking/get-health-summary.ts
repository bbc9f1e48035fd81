import { HealthSummaryQuery, HealthSummarySchema } from "@studio/contracts";
import { getHealthSummary } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const getHealthSummaryRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/health/summary",
      tags: ["tracking"],
      summary: "Per-day steps of a span",
    },
  })
  .input(HealthSummaryQuery)
  .output(HealthSummarySchema)
  .query(({ ctx, input }) => getHealthSummary(ctx.db, ctx.scope, input));
