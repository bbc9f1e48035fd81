import { ShoppingListCheckInput, ShoppingListItemSchema } from "@studio/contracts";
import { updateShoppingListItem } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Preview sessions never get here: the lane guard refuses their non-GET requests (PREVIEW_READ_ONLY). */
export const updateShoppingListItemRoute = traineeProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/trainee/shopping/list/{id}",
      tags: ["shopping"],
      summary: "Check or uncheck a checklist item",
    },
  })
  .input(ShoppingListCheckInput)
  .output(ShoppingListItemSchema)
  .mutation(({ ctx, input }) => updateShoppingListItem(ctx.db, ctx.scope, input));
