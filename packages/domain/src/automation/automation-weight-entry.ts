import type { AutomationWeightEntry } from "@studio/contracts";
import type { weightEntries } from "@studio/db";
import { weightSourceOf } from "../tracking/weight-source";

/** A weigh-in as the lane answers it; the source is its wire label (document 2 "Tracking rows": lower case). */
export function toAutomationWeightEntry(row: typeof weightEntries.$inferSelect): AutomationWeightEntry {
  return {
    id: row.id,
    weightKg: row.weightKg,
    recordedAt: row.recordedAt.toISOString(),
    source: weightSourceOf(row.source),
  };
}
