import type { WeightEntryRecord } from "@studio/contracts";
import type { weightEntries } from "@studio/db";
import { isAppWeighIn, weightSourceOf } from "./weight-source";

export type WeightEntryRow = typeof weightEntries.$inferSelect;

/** A weigh-in as the trainee lane answers it. */
export function toWeightEntry(row: WeightEntryRow): WeightEntryRecord {
  return {
    id: row.id,
    weightKg: row.weightKg,
    recordedAt: row.recordedAt.toISOString(),
    note: row.note,
    source: weightSourceOf(row.source),
    editable: isAppWeighIn(row.source),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
