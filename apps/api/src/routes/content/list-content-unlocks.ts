import { ContentUnlockListSchema, IdParam } from "@studio/contracts";
import { listContentUnlocks } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listContentUnlocksRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/content/{id}/unlocks",
      tags: ["content"],
      summary: "Manual and automation unlocks of an item, newest first",
    },
  })
  .input(IdParam)
  .output(ContentUnlockListSchema)
  .query(({ ctx, input }) => listContentUnlocks(ctx.db, ctx.scope, input));
