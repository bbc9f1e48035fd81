import { MultipartStartSchema, TraineeMultipartStartInput } from "@studio/contracts";
import { startTraineeMultipartUpload } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

export const startTraineeMultipartUploadRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/uploads/start",
      tags: ["uploads"],
      summary: "Start a multipart upload of an image or PDF under the trainee's own prefix",
    },
    successStatus: 201,
  })
  .input(TraineeMultipartStartInput)
  .output(MultipartStartSchema)
  .mutation(({ ctx, input }) => startTraineeMultipartUpload(ctx.db, ctx.scope, input));
