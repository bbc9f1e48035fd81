import { ContentTaxonomyNameInput, ContentCategorySchema } from "@studio/contracts";
import { createContentCategory } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createContentCategoryRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/categories",
      tags: ["content"],
      summary: "Create a category (an existing name, any case, answers the existing row)",
    },
    successStatus: 201,
  })
  .input(ContentTaxonomyNameInput)
  .output(ContentCategorySchema)
  .mutation(({ ctx, input }) => createContentCategory(ctx.db, ctx.scope, input));
