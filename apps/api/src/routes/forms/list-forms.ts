import { FormListQuery, FormListSchema } from "@studio/contracts";
import { listForms } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listFormsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/forms",
      tags: ["forms"],
      summary: "List the studio's forms, newest first",
    },
  })
  .input(FormListQuery)
  .output(FormListSchema)
  .query(({ ctx, input }) => listForms(ctx.db, ctx.scope, input));
