import { and, desc, eq, sql } from "drizzle-orm";
import { clients, weightEntries, type DbOrTx } from "@studio/db";
import type { TraineeScope } from "../scope";

/**
 * Sets the trainee's headline weight (clients.weightKg) to the latest weigh-in by recordedAt
 * (any source; the newest write breaks a tie). Callers hold the trainee row lock
 * (loadTraineeDay forUpdate), so concurrent weigh-ins settle on the latest one.
 */
export async function syncHeadlineWeight(tx: DbOrTx, scope: TraineeScope, clientId: string): Promise<void> {
  const latest = tx
    .select({ weightKg: weightEntries.weightKg })
    .from(weightEntries)
    .where(and(eq(weightEntries.clientId, clientId), eq(weightEntries.studioId, scope.studioId)))
    .orderBy(desc(weightEntries.recordedAt), desc(weightEntries.createdAt), desc(weightEntries.id))
    .limit(1);
  await tx
    .update(clients)
    .set({ weightKg: sql`coalesce((${latest}), ${clients.weightKg})`, updatedAt: scope.now })
    .where(and(eq(clients.id, clientId), eq(clients.studioId, scope.studioId)));
}
