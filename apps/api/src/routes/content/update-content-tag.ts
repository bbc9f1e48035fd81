import { ContentTaxonomyRenameInput, ContentTagSchema } from "@studio/contracts";
import { updateContentTag } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateContentTagRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/content/tags/{id}",
      tags: ["content"],
      summary: "Rename a tag (a name another tag holds leaves it unchanged)",
    },
  })
  .input(ContentTaxonomyRenameInput)
  .output(ContentTagSchema)
  .mutation(({ ctx, input }) => updateContentTag(ctx.db, ctx.scope, input));
