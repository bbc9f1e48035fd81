import { FormCreateInput, FormSchema } from "@studio/contracts";
import { createForm } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createFormRoute = webProcedure
  .meta({
    openapi: { method: "POST", path: "/v1/web/forms", tags: ["forms"], summary: "Create a form" },
    successStatus: 201,
  })
  .input(FormCreateInput)
  .output(FormSchema)
  .mutation(({ ctx, input }) => createForm(ctx.db, ctx.scope, input));
