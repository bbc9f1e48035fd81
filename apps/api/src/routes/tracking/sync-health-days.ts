import { HealthDaysInput, HealthDaysResultSchema } from "@studio/contracts";
import { syncHealthDays } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const syncHealthDaysRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/health/days",
      tags: ["tracking"],
      summary: "Sync daily steps from the phone's health store",
    },
    successStatus: 201,
  })
  .input(HealthDaysInput)
  .output(HealthDaysResultSchema)
  .mutation(({ ctx, input }) => syncHealthDays(ctx.db, ctx.scope, input));
