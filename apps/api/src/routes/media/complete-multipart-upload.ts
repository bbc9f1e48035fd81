import { MediaUrlSchema, MultipartCompleteInput } from "@studio/contracts";
import { completeMultipartUpload } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const completeMultipartUploadRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/media-upload/complete",
      tags: ["media"],
      summary: "Complete a multipart upload",
      errorResponses: { 404: "the uploadId is not an open upload of this key (upload not found)" },
    },
    successStatus: 201,
  })
  .input(MultipartCompleteInput)
  .output(MediaUrlSchema)
  .mutation(({ ctx, input }) => completeMultipartUpload(ctx.db, ctx.scope, input));
