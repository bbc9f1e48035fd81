import { CalendarEventSchema, IdParam } from "@studio/contracts";
import { cancelTraineeMeeting } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Trainee token, no app-access guard; preview sessions are refused (lane guard and operation). */
export const cancelTraineeMeetingRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/calendar/meetings/{id}/cancel",
      tags: ["calendar"],
      summary: "Cancel an upcoming meeting (a cancelled one is answered unchanged)",
    },
  })
  .input(IdParam)
  .output(CalendarEventSchema)
  .mutation(({ ctx, input }) => cancelTraineeMeeting(ctx.db, ctx.scope, input));
