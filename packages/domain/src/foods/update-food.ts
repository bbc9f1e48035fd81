import { and, eq, isNull } from "drizzle-orm";
import type { Food, FoodUpdate } from "@studio/contracts";
import { foods, type Db } from "@studio/db";
import { AppError, notFound } from "../errors";
import type { CoachScope } from "../scope";
import { toFood } from "./food-values";

/**
 * `PATCH /v1/web/foods/:id`: the studio's own foods only; the fields sent change. A system food
 * answers FORBIDDEN (its values change through the studio's override); another studio's food is
 * not found, like a missing one.
 */
export async function updateFood(db: Db, scope: CoachScope, input: FoodUpdate): Promise<Food> {
  const { id, ...changes } = input;
  const [row] = await db
    .update(foods)
    .set({ ...changes, updatedAt: scope.now })
    .where(and(eq(foods.id, id), eq(foods.studioId, scope.studioId)))
    .returning();
  if (row) return toFood({ ...row, override: null });
  const [system] = await db
    .select({ id: foods.id })
    .from(foods)
    .where(and(eq(foods.id, id), isNull(foods.studioId)))
    .limit(1);
  if (system) {
    throw new AppError(
      "FORBIDDEN",
      "system foods are not edited directly: use PUT /v1/web/foods/{id}/override",
      { reason: "SYSTEM_FOOD" },
    );
  }
  throw notFound("food");
}
