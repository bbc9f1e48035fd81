import { MultipartStartInput, MultipartStartSchema } from "@studio/contracts";
import { startMultipartUpload } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const startMultipartUploadRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/media-upload/start",
      tags: ["media"],
      summary: "Start a multipart upload",
    },
    successStatus: 201,
  })
  .input(MultipartStartInput)
  .output(MultipartStartSchema)
  .mutation(({ ctx, input }) => startMultipartUpload(ctx.db, ctx.scope, input));
