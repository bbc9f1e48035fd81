import { z } from "zod";
import { IdParam } from "@studio/contracts";
import { deleteContentCategory } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteContentCategoryRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/content/categories/{id}",
      tags: ["content"],
      summary: "Delete a category (its items become uncategorized)",
    },
    successStatus: 204,
  })
  .input(IdParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteContentCategory(ctx.db, ctx.scope, input));
