import { IdParam, TemplateSchema } from "@studio/contracts";
import { duplicateProgramTemplate } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const duplicateProgramTemplateRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/program-templates/{id}/duplicate",
      tags: ["program-templates"],
      summary: "Duplicate a program template",
      description:
        "Copies type, content (as stored), displayName, description, level, folderId and pdfUrl; the name gets the " +
        "suffix ' (העתק)'. assignedCount 0.",
    },
    successStatus: 201,
  })
  .input(IdParam)
  .output(TemplateSchema)
  .mutation(({ ctx, input }) => duplicateProgramTemplate(ctx.db, ctx.scope, input));
