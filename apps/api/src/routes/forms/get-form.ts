import { FormIdInput, FormSchema } from "@studio/contracts";
import { getForm } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getFormRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/forms/{id}",
      tags: ["forms"],
      summary: "One form with its fields",
    },
  })
  .input(FormIdInput)
  .output(FormSchema)
  .query(({ ctx, input }) => getForm(ctx.db, ctx.scope, input));
