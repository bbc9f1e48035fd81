import { DayTotalsSchema, WaterAddInput } from "@studio/contracts";
import { addWaterEntry } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const addWaterEntryRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/water",
      tags: ["tracking"],
      summary: "Add (or undo) a water entry; idempotent by requestId",
    },
    successStatus: 201,
  })
  .input(WaterAddInput)
  .output(DayTotalsSchema)
  .mutation(({ ctx, input }) => addWaterEntry(ctx.db, ctx.scope, input));
