import { MediaUploadUrlInput, MediaUploadUrlSchema } from "@studio/contracts";
import { createMediaUploadUrl } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createMediaUploadUrlRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/media-url",
      tags: ["media"],
      summary: "Presigned PUT URL for a direct upload (600 seconds, Content-Type bound)",
    },
    successStatus: 201,
  })
  .input(MediaUploadUrlInput)
  .output(MediaUploadUrlSchema)
  .mutation(({ ctx, input }) => createMediaUploadUrl(ctx.db, ctx.scope, input));
