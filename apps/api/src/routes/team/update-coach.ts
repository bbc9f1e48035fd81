import { CoachSchema, CoachUpdateInput } from "@studio/contracts";
import { updateCoach } from "@studio/domain";
import { activeHeadProcedure } from "../../guards/coach-access";

export const updateCoachRoute = activeHeadProcedure
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
  .mutation(({ ctx, input }) => updateCoach(ctx.deps.database.db, ctx.auth, input));
