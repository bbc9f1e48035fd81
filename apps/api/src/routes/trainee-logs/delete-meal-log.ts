import { z } from "zod";
import { MealLogDeleteInput } from "@studio/contracts";
import { deleteMealLog } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const deleteMealLogRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/meal-logs/{id}",
      tags: ["logging"],
      summary: "Delete a meal log (and the custom meal mirroring it)",
    },
    successStatus: 204,
  })
  .input(MealLogDeleteInput)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteMealLog(ctx.db, ctx.scope, input));
