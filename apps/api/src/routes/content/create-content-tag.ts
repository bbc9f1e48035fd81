import { ContentTaxonomyNameInput, ContentTagSchema } from "@studio/contracts";
import { createContentTag } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createContentTagRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/tags",
      tags: ["content"],
      summary: "Create a tag (an existing name, any case, answers the existing row)",
    },
    successStatus: 201,
  })
  .input(ContentTaxonomyNameInput)
  .output(ContentTagSchema)
  .mutation(({ ctx, input }) => createContentTag(ctx.db, ctx.scope, input));
