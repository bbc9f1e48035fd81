import type { MealLogCreateInput, MealLogRecord } from "@studio/contracts";
import { mealLogs, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { dayKeyOf } from "../time/day-keys";
import { loadTraineeToday } from "../trainee/trainee-today";
import { assertFoodsVisible, assertNotFutureInstant, fieldError } from "./logging-rules";
import { storedFoods, toMealLog } from "./meal-log-record";

/**
 * `POST /v1/trainee/meal-logs` (free logging): consumedAt defaults to now and is not in the
 * future; its day is the trainee's local day of consumedAt, fixed now. source defaults to PLAN
 * (document 2); PHOTO needs photoUrl. A log holds at least one food, a photo or a note; each
 * foodId is a food the studio sees (system or its own), else VALIDATION.
 */
export async function logMeal(
  db: Db,
  scope: TraineeScope,
  input: MealLogCreateInput,
): Promise<MealLogRecord> {
  const { zone } = await loadTraineeToday(db, scope);
  const consumedAt = input.consumedAt ? new Date(input.consumedAt) : scope.now;
  assertNotFutureInstant("consumedAt", consumedAt, scope.now);
  const items = input.items ?? [];
  const photoUrl = input.photoUrl ?? null;
  const note = input.note || null;
  const source = input.source ?? "PLAN";
  if (source === "PHOTO" && !photoUrl) throw fieldError("photoUrl", "a PHOTO meal log needs its photo");
  if (items.length === 0 && !photoUrl && !note)
    throw fieldError("items", "a meal log needs at least one food, a photo or a note");
  await assertFoodsVisible(
    db,
    scope,
    items.map((item, i) => ({ field: `items.${i}.foodId`, foodId: item.foodId })),
  );
  const [row] = await db
    .insert(mealLogs)
    .values({
      studioId: scope.studioId,
      clientId: scope.actor.clientId,
      consumedAt,
      day: dayKeyOf(consumedAt, zone),
      source,
      items: storedFoods(items),
      photoUrl,
      note,
      createdAt: scope.now,
    })
    .returning();
  return toMealLog(row!);
}
