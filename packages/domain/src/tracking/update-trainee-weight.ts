import { and, eq } from "drizzle-orm";
import type { WeightEntryRecord, WeightUpdateInput } from "@studio/contracts";
import { weightEntries, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadAppWeighIn } from "./app-weigh-in";
import { syncHeadlineWeight } from "./headline-weight";
import { loadTraineeDay } from "./trainee-day";
import { toWeightEntry } from "./weight-entry-record";

/**
 * `PATCH /v1/trainee/weight/:id` (document 3): weightKg and note (null or blank clears) of an
 * app weigh-in; recordedAt cannot change. The headline weight is re-synced to the latest
 * weigh-in by recordedAt.
 */
export async function updateTraineeWeight(
  db: Db,
  scope: TraineeScope,
  input: WeightUpdateInput,
): Promise<WeightEntryRecord> {
  return db.transaction(async (tx) => {
    const day = await loadTraineeDay(tx, scope, { forUpdate: true });
    const entry = await loadAppWeighIn(tx, scope, day.clientId, input.id);
    const [row] = await tx
      .update(weightEntries)
      .set({
        ...(input.weightKg !== undefined ? { weightKg: input.weightKg } : {}),
        ...(input.note !== undefined ? { note: input.note || null } : {}),
        updatedAt: scope.now,
      })
      .where(and(eq(weightEntries.id, entry.id), eq(weightEntries.studioId, scope.studioId)))
      .returning();
    await syncHeadlineWeight(tx, scope, day.clientId);
    return toWeightEntry(row!);
  });
}
