import { AutomationOptionsQuery, AutomationOptionsSchema } from "@studio/contracts";
import { listRpcTags } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listRpcTagsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/rpc/tags",
      tags: ["automation"],
      summary: "Dropdown: tags in use on the studio trainees",
    },
    automationMessage: "Tags",
  })
  .input(AutomationOptionsQuery)
  .output(AutomationOptionsSchema)
  .query(({ ctx }) => listRpcTags(ctx.db, ctx.scope));
