import { CoachSchema, IdParam } from "@studio/contracts";
import { getCoach } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getCoachRoute = webProcedure
  .meta({
    openapi: { method: "GET", path: "/v1/web/coaches/{id}", tags: ["team"], summary: "One team member" },
  })
  .input(IdParam)
  .output(CoachSchema)
  .query(({ ctx, input }) => getCoach(ctx.db, ctx.scope, input));
