import { ShoppingFoodListSchema, ShoppingFoodsQuery } from "@studio/contracts";
import { listShoppingFoods } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (no app-access guard; preview sessions may read), per document 3. */
export const listShoppingFoodsRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/shopping/foods",
      tags: ["shopping"],
      summary: "Foods offered for shopping, by name",
    },
  })
  .input(ShoppingFoodsQuery)
  .output(ShoppingFoodListSchema)
  .query(({ ctx, input }) => listShoppingFoods(ctx.db, ctx.scope, input));
