import { MediaUrlSchema, TraineeMultipartCompleteInput } from "@studio/contracts";
import { completeTraineeMultipartUpload } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

export const completeTraineeMultipartUploadRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/uploads/complete",
      tags: ["uploads"],
      summary: "Complete a multipart upload (the whole file within its type's size limit)",
      errorResponses: {
        404: "the key is not the trainee's own or the uploadId is not an open upload of it (upload not found)",
      },
    },
    successStatus: 201,
  })
  .input(TraineeMultipartCompleteInput)
  .output(MediaUrlSchema)
  .mutation(({ ctx, input }) => completeTraineeMultipartUpload(ctx.db, ctx.scope, input));
