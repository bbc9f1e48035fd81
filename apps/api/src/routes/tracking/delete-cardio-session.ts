import { z } from "zod";
import { CardioEntryParam } from "@studio/contracts";
import { deleteCardioSession } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const deleteCardioSessionRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/cardio/{entryId}",
      tags: ["tracking"],
      summary: "Delete a cardio session",
    },
    successStatus: 204,
  })
  .input(CardioEntryParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteCardioSession(ctx.db, ctx.scope, input));
