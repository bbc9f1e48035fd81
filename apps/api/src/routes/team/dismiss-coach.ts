import { CoachDismissInput, CoachDismissResultSchema } from "@studio/contracts";
import { dismissCoach } from "@studio/domain";
import { requireRole } from "../../trpc";

export const dismissCoachRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/coaches/{id}",
      tags: ["team"],
      summary: "Dismiss a team member (row kept, active false); tasks and trainees reassigned or released",
      description:
        "Optional JSON body {tasks: {mode: reassign, coachIds} | {mode: discard}, clients: {mode: reassign, coachIds} | {mode: unassign}}; defaults discard and unassign.",
    },
  })
  .input(CoachDismissInput)
  .output(CoachDismissResultSchema)
  .mutation(({ ctx, input }) => dismissCoach(ctx.db, ctx.scope, input));
