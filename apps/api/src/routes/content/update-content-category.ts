import { ContentTaxonomyRenameInput, ContentCategorySchema } from "@studio/contracts";
import { updateContentCategory } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateContentCategoryRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/content/categories/{id}",
      tags: ["content"],
      summary: "Rename a category (a name another category holds leaves it unchanged)",
    },
  })
  .input(ContentTaxonomyRenameInput)
  .output(ContentCategorySchema)
  .mutation(({ ctx, input }) => updateContentCategory(ctx.db, ctx.scope, input));
