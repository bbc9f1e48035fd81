import { TemplatePatchInput, TemplateSchema } from "@studio/contracts";
import { updateProgramTemplate } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateProgramTemplateRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/program-templates/{id}",
      tags: ["program-templates"],
      summary: "Update a program template (only the fields sent)",
      description:
        "The type cannot change (another type answers VALIDATION). null clears displayName, description, level, " +
        "folderId and pdfUrl. A template that is or becomes a file template needs content passing the file plan " +
        "rule (BAD_REQUEST); otherwise content is normalized for its type with the stored import keys restored. " +
        "Assigned programs are untouched.",
    },
  })
  .input(TemplatePatchInput)
  .output(TemplateSchema)
  .mutation(({ ctx, input }) => updateProgramTemplate(ctx.db, ctx.scope, input));
