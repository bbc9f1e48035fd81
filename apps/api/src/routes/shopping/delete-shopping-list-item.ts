import { z } from "zod";
import { IdParam } from "@studio/contracts";
import { deleteShoppingListItem } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Preview sessions never get here: the lane guard refuses their non-GET requests (PREVIEW_READ_ONLY). */
export const deleteShoppingListItemRoute = traineeProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/shopping/list/{id}",
      tags: ["shopping"],
      summary: "Remove a checklist item",
    },
    successStatus: 204,
  })
  .input(IdParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteShoppingListItem(ctx.db, ctx.scope, input));
