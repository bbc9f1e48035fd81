import { IdParam, ProgramSchema } from "@studio/contracts";
import { releaseProgram } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const releaseProgramRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/programs/{id}/release",
      tags: ["program-templates"],
      summary:
        "Release a program held in hold mode now: ACTIVE, with its plan push(es) and the plan-activated hook",
      description:
        "NOT_FOUND program not found (also another studio's, or a trainee the caller does not reach); " +
        "CONFLICT program is not held for release.",
    },
  })
  .input(IdParam)
  .output(ProgramSchema)
  .mutation(({ ctx, input }) => releaseProgram(ctx.db, ctx.scope, input));
