import { CoachWeightInput, WeightEntrySchema } from "@studio/contracts";
import { addCoachWeight } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const addCoachWeightRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/clients/{id}/tracking/weights",
      tags: ["tracking"],
      summary: "Add a weigh-in for the trainee (source coach)",
    },
    successStatus: 201,
  })
  .input(CoachWeightInput)
  .output(WeightEntrySchema)
  .mutation(({ ctx, input }) => addCoachWeight(ctx.db, ctx.scope, input));
