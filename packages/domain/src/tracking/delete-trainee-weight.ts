import { and, eq } from "drizzle-orm";
import { weightEntries, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadAppWeighIn } from "./app-weigh-in";
import { loadTraineeDay } from "./trainee-day";

/**
 * `DELETE /v1/trainee/weight/:id` (document 3): removes an app weigh-in; the trainee's headline
 * weight keeps its last value (it is not re-synced).
 */
export async function deleteTraineeWeight(db: Db, scope: TraineeScope, input: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const day = await loadTraineeDay(tx, scope);
    const entry = await loadAppWeighIn(tx, scope, day.clientId, input.id);
    await tx
      .delete(weightEntries)
      .where(and(eq(weightEntries.id, entry.id), eq(weightEntries.studioId, scope.studioId)));
  });
}
