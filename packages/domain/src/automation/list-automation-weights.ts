import { and, desc, eq } from "drizzle-orm";
import type { AutomationWeightEntry, AutomationWeightsQuery } from "@studio/contracts";
import { weightEntries, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { ApiKeyScope } from "../scope";
import { toAutomationWeightEntry } from "./automation-weight-entry";

/**
 * `GET /v1/automation/trainees/{id}/weights`: the trainee's weigh-ins of every source, newest
 * recordedAt first (then newest created, then id), limit/offset; data items only (no total, as
 * document 3 says). Unknown, deleted or another studio's trainee: client not found (400).
 */
export async function listAutomationWeights(
  db: Db,
  scope: ApiKeyScope,
  query: AutomationWeightsQuery,
): Promise<{ items: AutomationWeightEntry[] }> {
  const client = await loadLiveTrainee(db, scope, query.id);
  const rows = await db
    .select()
    .from(weightEntries)
    .where(and(eq(weightEntries.studioId, scope.studioId), eq(weightEntries.clientId, client.id)))
    .orderBy(desc(weightEntries.recordedAt), desc(weightEntries.createdAt), desc(weightEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map(toAutomationWeightEntry) };
}
