import { CoachImpactSchema, IdParam } from "@studio/contracts";
import { getCoachImpact } from "@studio/domain";
import { requireRole } from "../../trpc";

export const getCoachImpactRoute = requireRole("OWNER", "HEAD_COACH")
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
  .query(({ ctx, input }) => getCoachImpact(ctx.db, ctx.scope, input));
