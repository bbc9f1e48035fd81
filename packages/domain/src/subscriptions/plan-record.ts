// A studio plan (product) as the routes answer it, its row by id, and its duration rule.

import { and, eq } from "drizzle-orm";
import type { DurationUnit, Plan } from "@studio/contracts";
import { plans, type DbOrTx } from "@studio/db";
import { AppError, notFound } from "../errors";
import type { StudioScope } from "../scope";

type PlanRow = typeof plans.$inferSelect;

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  priceAgorot: row.priceAgorot,
  durationValue: row.durationValue,
  durationUnit: (row.durationUnit as DurationUnit | null) ?? null,
  isActive: row.isActive,
  trigger: row.trigger as Plan["trigger"],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A plan of the studio; another studio's id answers like a missing one. */
export async function loadPlanRow(db: DbOrTx, scope: StudioScope, id: string): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.studioId, scope.studioId)))
    .limit(1);
  if (!row) throw notFound("plan");
  return row;
}

/** Price and duration come together (value and unit) or not at all. */
export function assertDurationPair(value: number | null, unit: string | null): void {
  if ((value === null) !== (unit === null))
    throw new AppError("BAD_REQUEST", "durationValue and durationUnit go together: send both or neither");
}
