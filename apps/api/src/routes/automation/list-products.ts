import { AutomationProductsQuery, AutomationProductsSchema } from "@studio/contracts";
import { automationPage, listProducts } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationProductsRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/products",
      tags: ["automation"],
      summary: "Active plans (products), offset pagination",
    },
    automationMessage: "Products",
  })
  .input(AutomationProductsQuery)
  .output(AutomationProductsSchema)
  .query(({ ctx, input }) =>
    listProducts(ctx.db, ctx.scope, input).then((page) => automationPage(page, input)),
  );
