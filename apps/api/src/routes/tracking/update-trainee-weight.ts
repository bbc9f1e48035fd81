import { WeightEntrySchema, WeightUpdateInput } from "@studio/contracts";
import { updateTraineeWeight } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const updateTraineeWeightRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/trainee/weight/{id}",
      tags: ["tracking"],
      summary: "Change an app weigh-in's weight or note",
    },
  })
  .input(WeightUpdateInput)
  .output(WeightEntrySchema)
  .mutation(({ ctx, input }) => updateTraineeWeight(ctx.db, ctx.scope, input));
