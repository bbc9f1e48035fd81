import { z } from "zod";
import { ShoppingCategoryListSchema } from "@studio/contracts";
import { listShoppingCategories } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (no app-access guard; preview sessions may read), per document 3. */
export const listShoppingCategoriesRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/shopping/categories",
      tags: ["shopping"],
      summary: "Food categories with at least one shopping food, by count",
    },
  })
  .input(z.object({}))
  .output(ShoppingCategoryListSchema)
  .query(({ ctx }) => listShoppingCategories(ctx.db, ctx.scope));
