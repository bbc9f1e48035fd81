import { TemplateCreateInput, TemplateSchema } from "@studio/contracts";
import { createProgramTemplate } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createProgramTemplateRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/program-templates",
      tags: ["program-templates"],
      summary: "Create a program template",
      description:
        "TRAINING and NUTRITION content is normalized; COMBINED is stored as sent. With pdfUrl (a file template) " +
        "the content must be {} or carry only meta.workoutsPerWeek, else BAD_REQUEST. folderId is not checked: " +
        "an unknown folder answers CONFLICT.",
    },
    successStatus: 201,
  })
  .input(TemplateCreateInput)
  .output(TemplateSchema)
  .mutation(({ ctx, input }) => createProgramTemplate(ctx.db, ctx.scope, input));
