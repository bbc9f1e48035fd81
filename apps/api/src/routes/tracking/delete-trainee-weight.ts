import { z } from "zod";
import { IdParam } from "@studio/contracts";
import { deleteTraineeWeight } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const deleteTraineeWeightRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/weight/{id}",
      tags: ["tracking"],
      summary: "Delete an app weigh-in (the headline weight keeps its value)",
    },
    successStatus: 204,
  })
  .input(IdParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteTraineeWeight(ctx.db, ctx.scope, input));
