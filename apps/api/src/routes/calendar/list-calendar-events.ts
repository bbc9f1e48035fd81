import { CalendarEventListQuery, CalendarEventListSchema } from "@studio/contracts";
import { listCalendarEvents } from "@studio/domain";
import { webProcedure } from "../../trpc";

/** A coach limited to assigned trainees sees their own events and their trainees' (domain rule). */
export const listCalendarEventsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/calendar/events",
      tags: ["calendar"],
      summary: "Calendar events overlapping a range of at most 62 days",
    },
  })
  .input(CalendarEventListQuery)
  .output(CalendarEventListSchema)
  .query(({ ctx, input }) => listCalendarEvents(ctx.db, ctx.scope, input));
