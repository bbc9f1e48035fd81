import { and, desc, eq } from "drizzle-orm";
import type { CoachWeightInput, WeightEntryRecord } from "@studio/contracts";
import { clients, weightEntries, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { dayNoon } from "../time/day-keys";
import { coachWriteDay, loadTrackedTrainee } from "./tracked-trainee";
import { toWeightEntry } from "./weight-entry-record";

/** weight_entries.source of a coach weigh-in (stored lower case like every source). */
export const COACH_WEIGHT_SOURCE = "coach";

/**
 * `POST /v1/web/clients/:id/tracking/weights` (document 2): a weigh-in with source coach;
 * recordedAt is now for today, local noon for an earlier day (a future day is BAD_REQUEST).
 * The trainee's headline weight is set only when this entry is the latest by recordedAt (the
 * trainee row is locked, so concurrent weigh-ins settle on the latest). No activity, no push.
 */
export async function addCoachWeight(
  db: Db,
  scope: StudioScope,
  input: CoachWeightInput,
): Promise<WeightEntryRecord> {
  return db.transaction(async (tx) => {
    const trainee = await loadTrackedTrainee(tx, scope, input.id, { forUpdate: true });
    const date = coachWriteDay(trainee, input.date);
    const recordedAt = date === trainee.today ? scope.now : dayNoon(date, trainee.zone);
    const [row] = await tx
      .insert(weightEntries)
      .values({
        studioId: scope.studioId,
        clientId: trainee.clientId,
        weightKg: input.weightKg,
        recordedAt,
        note: input.note || null,
        source: COACH_WEIGHT_SOURCE,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .returning();
    const [latest] = await tx
      .select({ id: weightEntries.id })
      .from(weightEntries)
      .where(and(eq(weightEntries.clientId, trainee.clientId), eq(weightEntries.studioId, scope.studioId)))
      .orderBy(desc(weightEntries.recordedAt), desc(weightEntries.createdAt), desc(weightEntries.id))
      .limit(1);
    if (latest?.id === row!.id) {
      await tx
        .update(clients)
        .set({ weightKg: input.weightKg, updatedAt: scope.now })
        .where(and(eq(clients.id, trainee.clientId), eq(clients.studioId, scope.studioId)));
    }
    return toWeightEntry(row!);
  });
}
