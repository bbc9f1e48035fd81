import { AutomationRpcFormFieldsQuery, AutomationRpcFormFieldsSchema } from "@studio/contracts";
import { listRpcFormFields } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listRpcFormFieldsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/rpc/form-fields",
      tags: ["automation"],
      summary: "Dropdown: the coach-filled fields of a document to sign (formId)",
    },
    automationMessage: "Form fields",
  })
  .input(AutomationRpcFormFieldsQuery)
  .output(AutomationRpcFormFieldsSchema)
  .query(({ ctx, input }) => listRpcFormFields(ctx.db, ctx.scope, input));
