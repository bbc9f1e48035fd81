import { FormSchema, FormUpdateInput } from "@studio/contracts";
import { updateForm } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateFormRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/forms/{id}",
      tags: ["forms"],
      summary: "Edit a form; fields, when sent, replace the list whole",
    },
  })
  .input(FormUpdateInput)
  .output(FormSchema)
  .mutation(({ ctx, input }) => updateForm(ctx.db, ctx.scope, input));
