import { and, eq } from "drizzle-orm";
import type { Plan, PlanUpdate } from "@studio/contracts";
import { plans, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { assertDurationPair, loadPlanRow, toPlan } from "./plan-record";

/**
 * `PATCH /v1/web/plans/:id`: the fields sent; the duration the plan will hold must still be a
 * pair. Existing subscriptions keep the price and duration they were given.
 */
export async function updatePlan(db: Db, scope: StudioScope, input: PlanUpdate): Promise<Plan> {
  const { id, ...changes } = input;
  return db.transaction(async (tx) => {
    const current = await loadPlanRow(tx, scope, id);
    assertDurationPair(
      changes.durationValue !== undefined ? changes.durationValue : current.durationValue,
      changes.durationUnit !== undefined ? changes.durationUnit : current.durationUnit,
    );
    const [row] = await tx
      .update(plans)
      .set({ ...changes, updatedAt: scope.now })
      .where(and(eq(plans.id, id), eq(plans.studioId, scope.studioId)))
      .returning();
    return toPlan(row!);
  });
}
