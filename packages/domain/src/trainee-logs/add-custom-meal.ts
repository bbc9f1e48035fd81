import { and, eq } from "drizzle-orm";
import type { CustomMealCreateInput, CustomMealRecord } from "@studio/contracts";
import { customMeals, mealLogs, type Db } from "@studio/db";
import { AppError, notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { loadTraineeToday } from "../trainee/trainee-today";
import { assertFoodsVisible, assertPastOrToday, fieldError } from "./logging-rules";
import { storedFoods, toCustomMeal } from "./meal-log-record";

/**
 * `POST /v1/trainee/nutrition/days/:date/custom-meals`: a meal the trainee adds to a plan day
 * outside the plan. The date is not in the future; foods are foods the studio sees. mealLogId,
 * when sent, is one of the trainee's meal logs (NOT_FOUND meal log not found) of the same day
 * (VALIDATION) that no other custom meal mirrors yet (CONFLICT), checked under the log's row
 * lock: the nutrition views then count the meal once.
 */
export async function addCustomMeal(
  db: Db,
  scope: TraineeScope,
  input: CustomMealCreateInput,
): Promise<CustomMealRecord> {
  const { today } = await loadTraineeToday(db, scope);
  assertPastOrToday("date", input.date, today);
  const items = input.items ?? [];
  await assertFoodsVisible(
    db,
    scope,
    items.map((item, i) => ({ field: `items.${i}.foodId`, foodId: item.foodId })),
  );
  const row = await db.transaction(async (tx) => {
    const mealLogId = input.mealLogId ?? null;
    if (mealLogId) {
      const [log] = await tx
        .select({ id: mealLogs.id, day: mealLogs.day })
        .from(mealLogs)
        .where(
          and(
            eq(mealLogs.id, mealLogId),
            eq(mealLogs.studioId, scope.studioId),
            eq(mealLogs.clientId, scope.actor.clientId),
          ),
        )
        .for("update");
      if (!log) throw notFound("meal log");
      if (log.day !== input.date) throw fieldError("mealLogId", "the meal log is of another day");
      const [mirror] = await tx
        .select({ id: customMeals.id })
        .from(customMeals)
        .where(and(eq(customMeals.clientId, scope.actor.clientId), eq(customMeals.mealLogId, mealLogId)))
        .limit(1);
      if (mirror)
        throw new AppError("CONFLICT", "another custom meal already mirrors this meal log", {
          customMealId: mirror.id,
        });
    }
    const [created] = await tx
      .insert(customMeals)
      .values({
        studioId: scope.studioId,
        clientId: scope.actor.clientId,
        date: input.date,
        label: input.label,
        items: storedFoods(items),
        note: input.note || null,
        photoUrl: input.photoUrl ?? null,
        mealLogId,
        createdAt: scope.now,
      })
      .returning();
    return created!;
  });
  return toCustomMeal(row);
}
