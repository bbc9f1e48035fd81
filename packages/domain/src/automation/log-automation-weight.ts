import { eq, and } from "drizzle-orm";
import type { AutomationWeightLog, AutomationWeightLogResult } from "@studio/contracts";
import { clients, studios, weightEntries, type Db, type DbOrTx } from "@studio/db";
import type { ClientRow } from "../clients/client-scope";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { ApiKeyScope } from "../scope";
import { pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";
import { toAutomationWeightEntry } from "./automation-weight-entry";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** recordedAt: now when blank; a plain date is midnight of that day in the trainee's zone (trainee, studio, Asia/Jerusalem). */
async function recordedAtOf(
  tx: DbOrTx,
  scope: ApiKeyScope,
  client: ClientRow,
  recordedAt: string | undefined,
): Promise<Date> {
  if (!recordedAt) return scope.now;
  if (!DATE_ONLY.test(recordedAt)) return new Date(recordedAt);
  const [studio] = await tx
    .select({ timezone: studios.timezone })
    .from(studios)
    .where(eq(studios.id, scope.studioId))
    .limit(1);
  const zone = pickTimeZone(client.timezone, studio?.timezone, "Asia/Jerusalem");
  return zonedDateTimeToInstant(recordedAt, "00:00", zone);
}

/**
 * `POST /v1/automation/trainees/{id}/weights`: writes a weigh-in with source automation and
 * sets the trainee's weight (clients.weightKg) to it in the same transaction, whatever
 * recordedAt is (an older date still becomes the trainee's weight, as document 3 says). The
 * trainee row is locked for the update. Unknown, deleted or another studio's trainee: client
 * not found (400). No audit entry (not in the spec's audit list).
 */
export async function logAutomationWeight(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationWeightLog,
): Promise<AutomationWeightLogResult> {
  const { studioId, now } = scope;
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.id, { forUpdate: true });
    const recordedAt = await recordedAtOf(tx, scope, client, input.recordedAt);
    const [row] = await tx
      .insert(weightEntries)
      .values({
        studioId,
        clientId: client.id,
        weightKg: input.weightKg,
        recordedAt,
        source: "automation",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(clients)
      .set({ weightKg: input.weightKg, updatedAt: now })
      .where(and(eq(clients.id, client.id), eq(clients.studioId, studioId)));
    return { entry: toAutomationWeightEntry(row!), weightKg: input.weightKg };
  });
}
