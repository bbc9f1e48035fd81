import { DayTotalsSchema, WaterRemoveInput } from "@studio/contracts";
import { removeWaterEntry } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const removeWaterEntryRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/water/{entryId}",
      tags: ["tracking"],
      summary: "Remove a water entry and its undo entries",
    },
  })
  .input(WaterRemoveInput)
  .output(DayTotalsSchema)
  .mutation(({ ctx, input }) => removeWaterEntry(ctx.db, ctx.scope, input));
