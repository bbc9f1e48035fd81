import { MealLogCreateInput, MealLogSchema } from "@studio/contracts";
import { logMeal } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const logMealRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/meal-logs",
      tags: ["logging"],
      summary: "Log a meal (free logging)",
    },
    successStatus: 201,
  })
  .input(MealLogCreateInput)
  .output(MealLogSchema)
  .mutation(({ ctx, input }) => logMeal(ctx.db, ctx.scope, input));
