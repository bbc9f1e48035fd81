import { FoodSchema, FoodUpdateInput } from "@studio/contracts";
import { updateFood } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateFoodRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/foods/{id}",
      tags: ["foods"],
      summary: "Edit a food of the studio (a system food is edited through its override)",
    },
  })
  .input(FoodUpdateInput)
  .output(FoodSchema)
  .mutation(({ ctx, input }) => updateFood(ctx.db, ctx.scope, input));
