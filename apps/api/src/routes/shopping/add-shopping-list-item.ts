import { ShoppingListAddInput, ShoppingListItemSchema } from "@studio/contracts";
import { addShoppingListItem } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Preview sessions never get here: the lane guard refuses their non-GET requests (PREVIEW_READ_ONLY). */
export const addShoppingListItemRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/shopping/list",
      tags: ["shopping"],
      summary: "Add a food to the checklist (adding it again answers the existing item unchanged)",
    },
    successStatus: 201,
  })
  .input(ShoppingListAddInput)
  .output(ShoppingListItemSchema)
  .mutation(({ ctx, input }) => addShoppingListItem(ctx.db, ctx.scope, input));
