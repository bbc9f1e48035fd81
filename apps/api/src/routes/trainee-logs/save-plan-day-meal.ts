import { PlanDayMealInput, PlanDayMealSchema } from "@studio/contracts";
import { savePlanDayMeal } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const savePlanDayMealRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/trainee/nutrition/days/{date}/meals/{mealId}",
      tags: ["logging"],
      summary: "Record what happened to a plan meal on a day",
    },
  })
  .input(PlanDayMealInput)
  .output(PlanDayMealSchema)
  .mutation(({ ctx, input }) => savePlanDayMeal(ctx.db, ctx.scope, input));
