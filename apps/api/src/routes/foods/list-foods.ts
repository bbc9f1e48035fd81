import { FoodListQuery, FoodListSchema } from "@studio/contracts";
import { listFoods } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listFoodsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/foods",
      tags: ["foods"],
      summary: "System foods (with the studio's override) and the studio's own foods, by name",
    },
  })
  .input(FoodListQuery)
  .output(FoodListSchema)
  .query(({ ctx, input }) => listFoods(ctx.db, ctx.scope, input));
