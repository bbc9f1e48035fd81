import { z } from "zod";
import { MultipartAbortInput } from "@studio/contracts";
import { abortMultipartUpload } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const abortMultipartUploadRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/media-upload/abort",
      tags: ["media"],
      summary: "Abort a multipart upload (its stored parts are dropped)",
    },
    successStatus: 204,
  })
  .input(MultipartAbortInput)
  .output(z.void())
  .mutation(({ ctx, input }) => abortMultipartUpload(ctx.db, ctx.scope, input));
