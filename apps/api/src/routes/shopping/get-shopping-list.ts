import { z } from "zod";
import { ShoppingListSchema } from "@studio/contracts";
import { getShoppingList } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (no app-access guard; preview sessions may read), per document 3. */
export const getShoppingListRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/shopping/list",
      tags: ["shopping"],
      summary: "The trainee's shopping checklist: unchecked first, then newest first",
    },
  })
  .input(z.object({}))
  .output(ShoppingListSchema)
  .query(({ ctx }) => getShoppingList(ctx.db, ctx.scope));
