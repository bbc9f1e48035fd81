import { IdParam, TemplateSchema } from "@studio/contracts";
import { getProgramTemplate } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getProgramTemplateRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/program-templates/{id}",
      tags: ["program-templates"],
      summary: "Get a program template",
    },
  })
  .input(IdParam)
  .output(TemplateSchema)
  .query(({ ctx, input }) => getProgramTemplate(ctx.db, ctx.scope, input));
