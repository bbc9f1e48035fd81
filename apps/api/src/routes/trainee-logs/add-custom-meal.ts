import { CustomMealCreateInput, CustomMealSchema } from "@studio/contracts";
import { addCustomMeal } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const addCustomMealRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/nutrition/days/{date}/custom-meals",
      tags: ["logging"],
      summary: "Add a meal outside the plan to a day",
      errorResponses: {
        404: "meal log not found: mealLogId is not one of the trainee's meal logs",
        409: "another custom meal already mirrors the meal log",
      },
    },
    successStatus: 201,
  })
  .input(CustomMealCreateInput)
  .output(CustomMealSchema)
  .mutation(({ ctx, input }) => addCustomMeal(ctx.db, ctx.scope, input));
