import { ContentItemSchema, ContentPatchInput } from "@studio/contracts";
import { updateContent } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateContentRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/content/{id}",
      tags: ["content"],
      summary: "Update a library item",
      description:
        "Omitted isPublished, isFeatured, isRestricted and sortOrder are written as true, false, false and 0: " +
        "send all four with their current values. tagIds, when sent, replaces the item's tags.",
    },
  })
  .input(ContentPatchInput)
  .output(ContentItemSchema)
  .mutation(({ ctx, input }) => updateContent(ctx.db, ctx.scope, input));
