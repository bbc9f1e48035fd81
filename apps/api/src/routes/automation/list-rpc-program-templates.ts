import { AutomationOptionsQuery, AutomationOptionsSchema } from "@studio/contracts";
import { listRpcProgramTemplates } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listRpcProgramTemplatesRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/rpc/program-templates",
      tags: ["automation"],
      summary: "Dropdown: every program template by name, name (TYPE)",
    },
    automationMessage: "Program templates",
  })
  .input(AutomationOptionsQuery)
  .output(AutomationOptionsSchema)
  .query(({ ctx }) => listRpcProgramTemplates(ctx.db, ctx.scope));
