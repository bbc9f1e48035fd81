import { and, eq } from "drizzle-orm";
import type { TraineeAccountDeletion } from "@studio/contracts";
import {
  cardioSessions,
  clients,
  customMeals,
  dailyMetrics,
  healthSamples,
  mealLogs,
  notifications,
  notificationThrottles,
  nutritionDayMeals,
  progressPhotos,
  pushTokens,
  shoppingListItems,
  weightEntries,
  workoutLogs,
  type Db,
} from "@studio/db";
import { forbidden, notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { signedInTrainee } from "./signed-in-trainee";

/** Rows that are the trainee's own data (self tracking, logging, shopping, devices, pushes). */
const OWN_ROWS = [
  weightEntries,
  dailyMetrics,
  progressPhotos,
  cardioSessions,
  healthSamples,
  workoutLogs,
  mealLogs,
  nutritionDayMeals,
  customMeals,
  shoppingListItems,
  pushTokens,
  notifications,
  notificationThrottles,
] as const;

/**
 * `DELETE /v1/trainee/me` (decisions.md: "deletes the account's personal data, the shopping
 * list included"), in one transaction under the trainee's row lock: every row that is the
 * trainee's own data is deleted; the trainee row is soft-deleted like the coach's delete (so
 * the studio's records that reference it stay consistent) and stripped of every personal
 * field: name, phone, email, profile, goals, tags, zone, mutes, external id. The studio's own
 * records (programs, subscriptions, form responses and signed documents, calendar events,
 * tasks, the CRM lead) stay with the studio. The token stops working (the trainee is not
 * found). Refused for previews (the lane guard already refuses any write of a preview).
 */
export async function deleteTraineeAccount(db: Db, scope: TraineeScope): Promise<TraineeAccountDeletion> {
  if (scope.actor.preview) throw forbidden("preview sessions are read-only", { reason: "PREVIEW_READ_ONLY" });
  const { studioId } = scope;
  const clientId = scope.actor.clientId;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(signedInTrainee(scope))
      .for("update");
    if (!row) throw notFound("trainee");
    for (const table of OWN_ROWS)
      await tx.delete(table).where(and(eq(table.studioId, studioId), eq(table.clientId, clientId)));
    await tx
      .update(clients)
      .set({
        deletedAt: scope.now,
        firstName: "",
        lastName: "",
        phone: "",
        email: null,
        timezone: null,
        birthDate: null,
        gender: null,
        heightCm: null,
        weightKg: null,
        goal: null,
        goals: [],
        goalWeightKg: null,
        stepsGoal: null,
        waterGoalMl: null,
        tags: [],
        mutedNotificationGroups: [],
        externalId: null,
        checkInStartDate: null,
        updatedAt: scope.now,
      })
      .where(and(eq(clients.id, clientId), eq(clients.studioId, studioId)));
  });
  scope.logger.info("trainee account deleted", { clientId });
  return { deleted: true, deletedAt: scope.now.toISOString() };
}
