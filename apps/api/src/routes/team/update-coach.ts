import { CoachSchema, CoachUpdateInput } from "@studio/contracts";
import { updateCoach } from "@studio/domain";
import { requireRole } from "../../trpc";

export const updateCoachRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/coaches/{id}",
      tags: ["team"],
      summary: "Edit a team member; active true reactivates (seat-limited)",
    },
  })
  .input(CoachUpdateInput)
  .output(CoachSchema)
  .mutation(({ ctx, input }) => updateCoach(ctx.db, ctx.scope, input));
