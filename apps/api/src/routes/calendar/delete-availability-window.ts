import { z } from "zod";
import { IdParam } from "@studio/contracts";
import { deleteAvailabilityWindow } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteAvailabilityWindowRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/calendar/availability/{id}",
      tags: ["calendar"],
      summary: "Delete an availability window",
    },
    successStatus: 204,
  })
  .input(IdParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteAvailabilityWindow(ctx.db, ctx.scope, input));
