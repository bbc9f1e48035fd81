import { z } from "zod";
import { clearCheckedShoppingListItems } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Preview sessions never get here: the lane guard refuses their non-GET requests (PREVIEW_READ_ONLY). */
export const clearCheckedShoppingListItemsRoute = traineeProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/shopping/list",
      tags: ["shopping"],
      summary: "Remove the checked items (unchecked items stay)",
    },
    successStatus: 204,
  })
  .input(z.object({}))
  .output(z.void())
  .mutation(({ ctx }) => clearCheckedShoppingListItems(ctx.db, ctx.scope));
