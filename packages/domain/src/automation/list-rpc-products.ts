import { and, asc, eq } from "drizzle-orm";
import { PER_TRAINEE_PRICE_NOTE, type AutomationOption } from "@studio/contracts";
import { plans, type Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { nameOrder } from "./name-order";

/** The option text of a plan: name and price in whole shekels (rounded), or the per-trainee note. */
export const productOptionValue = (plan: { name: string; priceAgorot: number | null }): string =>
  plan.priceAgorot === null
    ? `${plan.name} (${PER_TRAINEE_PRICE_NOTE})`
    : `${plan.name} (₪${Math.round(plan.priceAgorot / 100)})`;

/**
 * `GET /v1/automation/rpc/products`: the studio's active plans ordered by name, case-insensitive (then id), as
 * options of id and value "name (₪price)", or "name (מחיר לפי מתאמן)" when the price is decided
 * per trainee. A plain array: no pagination.
 */
export async function listRpcProducts(db: Db, scope: ApiKeyScope): Promise<AutomationOption[]> {
  const rows = await db
    .select({ id: plans.id, name: plans.name, priceAgorot: plans.priceAgorot })
    .from(plans)
    .where(and(eq(plans.studioId, scope.studioId), eq(plans.isActive, true)))
    .orderBy(...nameOrder(plans.name), asc(plans.id));
  return rows.map((plan) => ({ id: plan.id, value: productOptionValue(plan) }));
}
