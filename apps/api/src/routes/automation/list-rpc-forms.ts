import { AutomationRpcFormsQuery, AutomationRpcFormsSchema } from "@studio/contracts";
import { listRpcForms } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listRpcFormsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/rpc/forms",
      tags: ["automation"],
      summary: "Dropdown: sendable forms by name (name and type)",
    },
    automationMessage: "Forms",
  })
  .input(AutomationRpcFormsQuery)
  .output(AutomationRpcFormsSchema)
  .query(({ ctx }) => listRpcForms(ctx.db, ctx.scope));
