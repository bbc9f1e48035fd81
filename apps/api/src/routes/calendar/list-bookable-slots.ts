import { CalendarSlotListSchema, CalendarSlotQuery } from "@studio/contracts";
import { listBookableSlots } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Trainee token, no app-access guard (document 3 "Trainee calendar"). */
export const listBookableSlotsRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/calendar/slots",
      tags: ["calendar"],
      summary: "Bookable slots of the trainee's coach",
    },
  })
  .input(CalendarSlotQuery)
  .output(CalendarSlotListSchema)
  .query(({ ctx, input }) => listBookableSlots(ctx.db, ctx.scope, input));
