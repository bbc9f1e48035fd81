import { TraineeFoodListSchema, TraineeFoodsQuery } from "@studio/contracts";
import { listTraineeFoods } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only: document 1 lists foods among the smaller routers without the app-access guard. */
export const listTraineeFoodsRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/foods",
      tags: ["foods"],
      summary: "Foods the trainee may log (system and the studio's own, effective values), by name",
    },
  })
  .input(TraineeFoodsQuery)
  .output(TraineeFoodListSchema)
  .query(({ ctx, input }) => listTraineeFoods(ctx.db, ctx.scope, input));
