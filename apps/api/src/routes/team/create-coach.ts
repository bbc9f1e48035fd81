import { CoachCreateInput, CoachSchema } from "@studio/contracts";
import { createCoach } from "@studio/domain";
import { requireRole } from "../../trpc";

export const createCoachRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/coaches",
      tags: ["team"],
      summary: "Add a team member (seat-limited) and send the invitation",
    },
    successStatus: 201,
  })
  .input(CoachCreateInput)
  .output(CoachSchema)
  .mutation(({ ctx, input }) => createCoach(ctx.db, ctx.scope, input));
