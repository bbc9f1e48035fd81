import { AvailabilityWindowCreateInput, AvailabilityWindowSchema } from "@studio/contracts";
import { createAvailabilityWindow } from "@studio/domain";
import { webProcedure } from "../../trpc";

/** OWNER and HEAD_COACH manage any coach's windows; other team members their own (domain rule). */
export const createAvailabilityWindowRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/calendar/availability",
      tags: ["calendar"],
      summary: "Add an availability window of a coach",
    },
    successStatus: 201,
  })
  .input(AvailabilityWindowCreateInput)
  .output(AvailabilityWindowSchema)
  .mutation(({ ctx, input }) => createAvailabilityWindow(ctx.db, ctx.scope, input));
