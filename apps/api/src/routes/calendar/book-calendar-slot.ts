import { CalendarBookInput, CalendarEventSchema } from "@studio/contracts";
import { bookCalendarSlot } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Trainee token, no app-access guard; preview sessions are refused (lane guard and operation). */
export const bookCalendarSlotRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/calendar/book",
      tags: ["calendar"],
      summary: "Book a slot (CONFLICT 409 when it was just booked)",
    },
    successStatus: 201,
  })
  .input(CalendarBookInput)
  .output(CalendarEventSchema)
  .mutation(({ ctx, input }) => bookCalendarSlot(ctx.db, ctx.scope, input));
