import { z } from "zod";
import { TraineeProgressSchema } from "@studio/contracts";
import { getTraineeProgress } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const getTraineeProgressRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/progress",
      tags: ["tracking"],
      summary: "Progress: weight trend, weigh-ins, measurements, photos, streak, compliance, records",
    },
  })
  .input(z.object({}))
  .output(TraineeProgressSchema)
  .query(({ ctx }) => getTraineeProgress(ctx.db, ctx.scope));
