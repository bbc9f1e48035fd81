import { WeightEntrySchema, WeightLogInput } from "@studio/contracts";
import { logTraineeWeight } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const logTraineeWeightRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/weight",
      tags: ["tracking"],
      summary: "Log a weigh-in (source app); the headline weight follows the latest",
    },
    successStatus: 201,
  })
  .input(WeightLogInput)
  .output(WeightEntrySchema)
  .mutation(({ ctx, input }) => logTraineeWeight(ctx.db, ctx.scope, input));
