import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { listProducts } from "../subscriptions/list-products";
import { automationPage } from "./automation-page";

/** `GET /v1/automation/products`: the active plans as a lane page (items, total, limit, offset, hasMore). */
export async function listAutomationProducts(
  db: Db,
  scope: ApiKeyScope,
  query: { search?: string; limit: number; offset: number },
) {
  return automationPage(await listProducts(db, scope, query), query);
}
