import { ContentUnlockListSchema, ContentUnlocksPutInput } from "@studio/contracts";
import { setContentUnlocks } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const setContentUnlocksRoute = webProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/web/content/{id}/unlocks",
      tags: ["content"],
      summary: "Replace the item's manual unlocks (automation unlocks are kept)",
      description:
        "VALIDATION client not found when an id is not a trainee of the studio (details.clientIds names them).",
    },
  })
  .input(ContentUnlocksPutInput)
  .output(ContentUnlockListSchema)
  .mutation(({ ctx, input }) => setContentUnlocks(ctx.db, ctx.scope, input));
