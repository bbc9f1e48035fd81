import { PhotoAddInput, ProgressPhotoSchema } from "@studio/contracts";
import { addProgressPhoto } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const addProgressPhotoRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/photos",
      tags: ["tracking"],
      summary: "Record a progress photo (uploaded first)",
    },
    successStatus: 201,
  })
  .input(PhotoAddInput)
  .output(ProgressPhotoSchema)
  .mutation(({ ctx, input }) => addProgressPhoto(ctx.db, ctx.scope, input));
