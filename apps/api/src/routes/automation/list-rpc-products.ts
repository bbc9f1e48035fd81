import { AutomationOptionsQuery, AutomationOptionsSchema } from "@studio/contracts";
import { listRpcProducts } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listRpcProductsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/rpc/products",
      tags: ["automation"],
      summary: "Dropdown: active plans by name (name and price)",
    },
    automationMessage: "Products",
  })
  .input(AutomationOptionsQuery)
  .output(AutomationOptionsSchema)
  .query(({ ctx }) => listRpcProducts(ctx.db, ctx.scope));
