import { z } from "zod";
import { ContentTaxonomySchema } from "@studio/contracts";
import { getContentTaxonomy } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getContentTaxonomyRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/content/taxonomy",
      tags: ["content"],
      summary: "Every category and tag of the studio",
    },
  })
  .input(z.object({}))
  .output(ContentTaxonomySchema)
  .query(({ ctx }) => getContentTaxonomy(ctx.db, ctx.scope));
