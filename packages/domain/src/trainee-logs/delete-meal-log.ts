import { and, eq } from "drizzle-orm";
import { customMeals, mealLogs, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";

/**
 * `DELETE /v1/trainee/meal-logs/:id` (204): removes one of the trainee's meal logs and, in the
 * same transaction, the custom meals that mirror it (one meal recorded twice is removed whole;
 * there is no other way to remove a custom meal). Another trainee's log answers NOT_FOUND meal
 * log not found.
 */
export async function deleteMealLog(db: Db, scope: TraineeScope, input: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(mealLogs)
      .where(
        and(
          eq(mealLogs.id, input.id),
          eq(mealLogs.studioId, scope.studioId),
          eq(mealLogs.clientId, scope.actor.clientId),
        ),
      )
      .returning({ id: mealLogs.id });
    if (!row) throw notFound("meal log");
    await tx
      .delete(customMeals)
      .where(
        and(
          eq(customMeals.studioId, scope.studioId),
          eq(customMeals.clientId, scope.actor.clientId),
          eq(customMeals.mealLogId, row.id),
        ),
      );
  });
}
