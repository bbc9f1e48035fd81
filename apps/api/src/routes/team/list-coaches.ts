import { CoachListQuery, CoachListSchema } from "@studio/contracts";
import { listCoaches } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listCoachesRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/coaches",
      tags: ["team"],
      summary: "List team members, newest first",
    },
  })
  .input(CoachListQuery)
  .output(CoachListSchema)
  .query(({ ctx, input }) => listCoaches(ctx.db, ctx.scope, input));
