import { TraineeUploadUrlInput, TraineeUploadUrlSchema } from "@studio/contracts";
import { createTraineeUploadUrl } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (document 1: uploads is a router without the app-access guard); previews refused. */
export const createTraineeUploadUrlRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/uploads/url",
      tags: ["uploads"],
      summary: "A presigned PUT URL for one image or PDF of a declared size, under the trainee's own prefix",
    },
    successStatus: 201,
  })
  .input(TraineeUploadUrlInput)
  .output(TraineeUploadUrlSchema)
  .mutation(({ ctx, input }) => createTraineeUploadUrl(ctx.db, ctx.scope, input));
