import { ContentListQuery, ContentListSchema } from "@studio/contracts";
import { listContent } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listContentRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/content",
      tags: ["content"],
      summary: "Library items, published or not, with category, tags and unlock count",
    },
  })
  .input(ContentListQuery)
  .output(ContentListSchema)
  .query(({ ctx, input }) => listContent(ctx.db, ctx.scope, input));
