import type { Plan, PlanCreate } from "@studio/contracts";
import { plans, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { assertDurationPair, toPlan } from "./plan-record";

/** `POST /v1/web/plans`: a product of the studio; null price or duration is decided per trainee. */
export async function createPlan(db: Db, scope: StudioScope, input: PlanCreate): Promise<Plan> {
  const durationValue = input.durationValue ?? null;
  const durationUnit = input.durationUnit ?? null;
  assertDurationPair(durationValue, durationUnit);
  const [row] = await db
    .insert(plans)
    .values({
      studioId: scope.studioId,
      name: input.name,
      priceAgorot: input.priceAgorot ?? null,
      durationValue,
      durationUnit,
      isActive: input.isActive ?? true,
      trigger: input.trigger ?? "NONE",
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toPlan(row!);
}
