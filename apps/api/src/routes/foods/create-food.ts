import { FoodCreateInput, FoodSchema } from "@studio/contracts";
import { createFood } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createFoodRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/foods",
      tags: ["foods"],
      summary: "Create a food of the studio",
    },
    successStatus: 201,
  })
  .input(FoodCreateInput)
  .output(FoodSchema)
  .mutation(({ ctx, input }) => createFood(ctx.db, ctx.scope, input));
