import { TemplateListQuery, TemplateListSchema } from "@studio/contracts";
import { listProgramTemplates } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listProgramTemplatesRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/program-templates",
      tags: ["program-templates"],
      summary: "List program templates (most recently updated first)",
      description:
        "Filters: type, folderId, search (case-insensitive contains on name). Each with assignedCount.",
    },
  })
  .input(TemplateListQuery)
  .output(TemplateListSchema)
  .query(({ ctx, input }) => listProgramTemplates(ctx.db, ctx.scope, input));
