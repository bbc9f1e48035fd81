import { AutomationOptionsQuery, AutomationOptionsSchema } from "@studio/contracts";
import { listRpcCoaches } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listRpcCoachesRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/rpc/coaches",
      tags: ["automation"],
      summary: "Dropdown: active coaches by name",
    },
    automationMessage: "Coaches",
  })
  .input(AutomationOptionsQuery)
  .output(AutomationOptionsSchema)
  .query(({ ctx }) => listRpcCoaches(ctx.db, ctx.scope));
