import { AvailabilityWindowListQuery, AvailabilityWindowListSchema } from "@studio/contracts";
import { listAvailabilityWindows } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listAvailabilityWindowsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/calendar/availability",
      tags: ["calendar"],
      summary: "List availability windows (of one coach with coachId)",
    },
  })
  .input(AvailabilityWindowListQuery)
  .output(AvailabilityWindowListSchema)
  .query(({ ctx, input }) => listAvailabilityWindows(ctx.db, ctx.scope, input));
