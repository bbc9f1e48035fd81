import { CoachImpactSchema, IdParam } from "@studio/contracts";
import { getCoachImpact } from "@studio/domain";
import { activeHeadProcedure } from "../../guards/coach-access";

export const getCoachImpactRoute = activeHeadProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/coaches/{id}/impact",
      tags: ["team"],
      summary: "Open tasks and trainees a dismissal would move",
    },
  })
  .input(IdParam)
  .output(CoachImpactSchema)
  .query(({ ctx, input }) => getCoachImpact(ctx.deps.database.db, ctx.auth.studioId, input.id));
