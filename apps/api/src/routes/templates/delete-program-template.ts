import { z } from "zod";
import { IdParam } from "@studio/contracts";
import { deleteProgramTemplate } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteProgramTemplateRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/program-templates/{id}",
      tags: ["program-templates"],
      summary: "Delete a program template (assigned programs keep their stale sourceTemplateId)",
    },
    successStatus: 204,
  })
  .input(IdParam)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteProgramTemplate(ctx.db, ctx.scope, input));
