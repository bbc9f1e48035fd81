import { z } from "zod";
import { TraineeNotificationConfigListSchema } from "@studio/contracts";
import { listTraineeNotificationConfigs } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (notification settings router), per document 1. */
export const listTraineeNotificationConfigsRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/notification-configs",
      tags: ["notifications"],
      summary: "Effective notification configs with the trainee's mutes applied",
    },
  })
  .input(z.object({}))
  .output(TraineeNotificationConfigListSchema)
  .query(({ ctx }) => listTraineeNotificationConfigs(ctx.db, ctx.scope));
