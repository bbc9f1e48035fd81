import { ContentItemSchema, IdParam } from "@studio/contracts";
import { getContent } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getContentRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/content/{id}",
      tags: ["content"],
      summary: "One library item, published or not",
    },
  })
  .input(IdParam)
  .output(ContentItemSchema)
  .query(({ ctx, input }) => getContent(ctx.db, ctx.scope, input));
