import { CoachCreateInput, CoachSchema } from "@studio/contracts";
import { createCoach } from "@studio/domain";
import { activeHeadProcedure } from "../../guards/coach-access";

export const createCoachRoute = activeHeadProcedure
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
  .mutation(({ ctx, input }) =>
    createCoach(ctx.deps.database.db, ctx.auth, input, {
      mailer: ctx.deps.ports.mailer,
      log: (message, fields) => ctx.deps.logger.warn(message, { ...fields, requestId: ctx.requestId }),
    }),
  );
