import { z } from "zod";
import { IdParam } from "@studio/contracts";
import { deleteContentTag } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteContentTagRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/content/tags/{id}",
      tags: ["content"],
      summary: "Delete a tag",
    },
    successStatus: 204,
  })
  .input(IdParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteContentTag(ctx.db, ctx.scope, input));
