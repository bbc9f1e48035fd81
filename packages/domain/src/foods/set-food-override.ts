import { and, eq, isNull } from "drizzle-orm";
import type { Food, FoodOverrideWrite } from "@studio/contracts";
import { foodOverrides, type Db } from "@studio/db";
import { AppError, notFound } from "../errors";
import type { CoachScope } from "../scope";
import { selectFood, toFood } from "./food-values";

/**
 * `PUT /v1/web/foods/:id/override`: upserts the studio's override of a system food. A field sent
 * sets its column, null clears it back to the base row's value, a field left out is kept. An
 * override left with every column null is removed (the food reads as the base row again).
 * The studio's own food answers BAD_REQUEST (PATCH edits it); another studio's is not found.
 */
export async function setFoodOverride(db: Db, scope: CoachScope, input: FoodOverrideWrite): Promise<Food> {
  const { id, ...fields } = input;
  return db.transaction(async (tx) => {
    const food = await selectFood(tx, scope, id);
    if (!food) throw notFound("food");
    if (food.studioId !== null) {
      throw new AppError(
        "BAD_REQUEST",
        "only system foods take an override: edit the studio's own food with PATCH /v1/web/foods/{id}",
      );
    }
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const [row] = await tx
      .insert(foodOverrides)
      .values({
        ...changes,
        studioId: scope.studioId,
        foodId: id,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .onConflictDoUpdate({
        target: [foodOverrides.studioId, foodOverrides.foodId],
        set: { ...changes, updatedAt: scope.now },
      })
      .returning({ id: foodOverrides.id });
    await tx
      .delete(foodOverrides)
      .where(
        and(
          eq(foodOverrides.id, row!.id),
          isNull(foodOverrides.name),
          isNull(foodOverrides.brand),
          isNull(foodOverrides.category),
          isNull(foodOverrides.categories),
          isNull(foodOverrides.kcal),
          isNull(foodOverrides.protein),
          isNull(foodOverrides.carbs),
          isNull(foodOverrides.fat),
          isNull(foodOverrides.includeInShopping),
        ),
      );
    return toFood((await selectFood(tx, scope, id))!);
  });
}
