import { ProgramPatchInput, ProgramSchema } from "@studio/contracts";
import { updateProgram } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateProgramRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/programs/{id}",
      tags: ["program-templates"],
      summary:
        "Change a trainee's program (names, content normalized like a template's, startDate, pdfUrl); PLAN_UPDATED when an ACTIVE program's content or schedule changed",
      description:
        "NOT_FOUND program not found (also another studio's, or a trainee the caller does not reach); " +
        "BAD_REQUEST a file program's content beyond meta.workoutsPerWeek; VALIDATION.",
    },
  })
  .input(ProgramPatchInput)
  .output(ProgramSchema)
  .mutation(({ ctx, input }) => updateProgram(ctx.db, ctx.scope, input));
