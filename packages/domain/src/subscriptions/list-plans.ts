import { and, asc, eq, ilike, type SQL } from "drizzle-orm";
import type { Plan, PlanListFilters } from "@studio/contracts";
import { plans, type Db } from "@studio/db";
import { containsPattern } from "../team/search-pattern";
import { selectPage, type ListWindow } from "../paging";
import type { StudioScope } from "../scope";
import { toPlan } from "./plan-record";

/** The contract's filters; `activeOnly` is the automation lane's products (active plans). */
type PlanFilters = Omit<PlanListFilters, "page" | "pageSize"> & { activeOnly?: boolean };

/** `GET /v1/web/plans`: the studio's plans by name (search is case-insensitive). */
export async function listPlans(
  db: Db,
  scope: StudioScope,
  query: PlanFilters & ListWindow,
): Promise<{ items: Plan[]; total: number }> {
  const conditions: SQL[] = [eq(plans.studioId, scope.studioId)];
  if (query.activeOnly) conditions.push(eq(plans.isActive, true));
  if (query.search) conditions.push(ilike(plans.name, containsPattern(query.search)));
  const where = and(...conditions);
  const { rows, total } = await selectPage(db, query, {
    table: plans,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(plans)
        .where(where)
        .orderBy(asc(plans.name), asc(plans.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toPlan), total };
}
