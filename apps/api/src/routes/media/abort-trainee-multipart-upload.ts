import { z } from "zod";
import { TraineeMultipartAbortInput } from "@studio/contracts";
import { abortTraineeMultipartUpload } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

export const abortTraineeMultipartUploadRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/uploads/abort",
      tags: ["uploads"],
      summary: "Abort a multipart upload (its stored parts are dropped)",
      errorResponses: { 404: "the key is not the trainee's own (upload not found)" },
    },
    successStatus: 204,
  })
  .input(TraineeMultipartAbortInput)
  .output(z.void())
  .mutation(({ ctx, input }) => abortTraineeMultipartUpload(ctx.db, ctx.scope, input));
