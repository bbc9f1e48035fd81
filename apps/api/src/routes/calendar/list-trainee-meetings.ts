import { z } from "zod";
import { CalendarEventListSchema } from "@studio/contracts";
import { listTraineeMeetings } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

export const listTraineeMeetingsRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/calendar/meetings",
      tags: ["calendar"],
      summary: "The trainee's meetings, newest first, with the studio timezone",
    },
  })
  .input(z.object({}))
  .output(CalendarEventListSchema)
  .query(({ ctx }) => listTraineeMeetings(ctx.db, ctx.scope));
