import type { Plan } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { listPlans } from "./list-plans";

/** The automation lane's products (document 3 "Plans and subscriptions"): active plans only, search on the name. */
export function listProducts(
  db: Db,
  scope: StudioScope,
  query: { search?: string; limit: number; offset: number },
): Promise<{ items: Plan[]; total: number }> {
  return listPlans(db, scope, {
    search: query.search,
    activeOnly: true,
    limit: query.limit,
    offset: query.offset,
  });
}
