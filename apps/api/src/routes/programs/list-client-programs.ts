import { ClientProgramsInput, ProgramPageSchema } from "@studio/contracts";
import { listClientPrograms } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listClientProgramsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/programs",
      tags: ["program-templates"],
      summary: "The trainee's programs (ACTIVE, PAUSED while held, ENDED), newest first, paged",
      description:
        "NOT_FOUND client not found (also another studio's, a deleted one, or a trainee the caller does not reach).",
    },
  })
  .input(ClientProgramsInput)
  .output(ProgramPageSchema)
  .query(({ ctx, input }) => listClientPrograms(ctx.db, ctx.scope, input));
