import { z } from "zod";
import { IdParam } from "@studio/contracts";
import { deleteContent } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteContentRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/content/{id}",
      tags: ["content"],
      summary: "Delete a library item (unlocks cascade; the stored media is kept)",
    },
    successStatus: 204,
  })
  .input(IdParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteContent(ctx.db, ctx.scope, input));
