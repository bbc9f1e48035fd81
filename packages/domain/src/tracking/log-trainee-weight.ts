import type { WeightEntryRecord, WeightLogInput } from "@studio/contracts";
import { weightEntries, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { syncHeadlineWeight } from "./headline-weight";
import { fieldError, loadTraineeDay } from "./trainee-day";
import { toWeightEntry } from "./weight-entry-record";
import { APP_WEIGHT_SOURCE } from "./weight-source";

/** How far ahead of the server clock a device's recordedAt may be and still count as "now". */
export const CLOCK_SKEW_MS = 60_000;

/**
 * `POST /v1/trainee/weight` (document 3): a weigh-in with source app; recordedAt defaults to now
 * and may not be in the future (a minute of device clock skew is tolerated). The trainee's
 * headline weight becomes the latest weigh-in by recordedAt, in the same transaction.
 */
export async function logTraineeWeight(
  db: Db,
  scope: TraineeScope,
  input: WeightLogInput,
): Promise<WeightEntryRecord> {
  const recordedAt = input.recordedAt === undefined ? scope.now : new Date(input.recordedAt);
  if (recordedAt.getTime() > scope.now.getTime() + CLOCK_SKEW_MS) {
    throw fieldError("recordedAt", "must not be in the future");
  }
  return db.transaction(async (tx) => {
    const day = await loadTraineeDay(tx, scope, { forUpdate: true });
    const [row] = await tx
      .insert(weightEntries)
      .values({
        studioId: scope.studioId,
        clientId: day.clientId,
        weightKg: input.weightKg,
        recordedAt,
        note: input.note || null,
        source: APP_WEIGHT_SOURCE,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .returning();
    await syncHeadlineWeight(tx, scope, day.clientId);
    return toWeightEntry(row!);
  });
}
