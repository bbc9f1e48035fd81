import { InlineMediaInput, MediaUrlSchema } from "@studio/contracts";
import { uploadInlineMedia } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const uploadInlineMediaRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/media",
      tags: ["media"],
      summary: "Upload media inline (base64, JSON body up to 24 MB)",
    },
    successStatus: 201,
  })
  .input(InlineMediaInput)
  .output(MediaUrlSchema)
  .mutation(({ ctx, input }) => uploadInlineMedia(ctx.db, ctx.scope, input));
