import { z } from "zod";
import { ContentTaxonomySchema } from "@studio/contracts";
import { getTraineeContentTaxonomy } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (no app-access guard; preview sessions may read), per document 2. */
export const getTraineeContentTaxonomyRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/content/taxonomy",
      tags: ["content"],
      summary: "Every category and tag of the trainee's studio",
    },
  })
  .input(z.object({}))
  .output(ContentTaxonomySchema)
  .query(({ ctx }) => getTraineeContentTaxonomy(ctx.db, ctx.scope));
