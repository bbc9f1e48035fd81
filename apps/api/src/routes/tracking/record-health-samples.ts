import { HealthSamplesInput, HealthSamplesResultSchema } from "@studio/contracts";
import { recordHealthSamples } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const recordHealthSamplesRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/health/samples",
      tags: ["tracking"],
      summary: "Health samples (retired; kept for older builds)",
    },
    successStatus: 201,
  })
  .input(HealthSamplesInput)
  .output(HealthSamplesResultSchema)
  .mutation(({ ctx, input }) => recordHealthSamples(ctx.db, ctx.scope, input));
