import { ContentCreateInput, ContentItemSchema } from "@studio/contracts";
import { createContent } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createContentRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content",
      tags: ["content"],
      summary: "Create a library item",
      description:
        "categoryId omitted files the item under its type's default category; null leaves it uncategorized. " +
        "An unknown category or tag answers VALIDATION (category not found, tag not found).",
    },
    successStatus: 201,
  })
  .input(ContentCreateInput)
  .output(ContentItemSchema)
  .mutation(({ ctx, input }) => createContent(ctx.db, ctx.scope, input));
